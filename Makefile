# The README's two commands: `make run` and `make test`. Both (and `make docs`) create .venv when it is missing.
PYTHON ?= python3
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test lint bench clean docs

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# compileall: the package's bytecode written once, so that the job's worker processes load it
# instead of compiling every module again (~0.3-0.5 s each when PYTHONDONTWRITEBYTECODE is set)
$(VENV)/.installed-run: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	$(PY) -m compileall -q ordertheory
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	@echo "installing the package and its test extras into $(VENV) (pip; minutes on a fresh clone)"
	$(PY) -m pip install --quiet -e '.[test,crosscheck]'
	$(PY) -m compileall -q ordertheory
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	sh tests/coq/ensure_coq.sh
	$(PY) -m ordertheory paper --out build/paper

# the suite's output in build/test-output.txt and its 25 slowest tests in build/test-durations.txt
# (two pytest workers, one per core; a test file stays on one worker, so its module fixtures run once)
# (written whether the suite passes or fails; the exit status is the suite's)
test: $(VENV)/.installed-test
	$(PY) -m ruff check ordertheory tests bench docs
	$(VENV)/bin/lint-imports
	sh tests/browser/ensure_chromium.sh
	sh tests/coq/ensure_coq.sh
	@mkdir -p build
	set -o pipefail; $(PY) -m pytest -n 2 --dist loadfile --durations=25 | tee build/test-output.txt; status=$$?; \
	sed -n '/slowest 25 durations/,/^$$/p' build/test-output.txt > build/test-durations.txt; exit $$status

bench: $(VENV)/.installed-test
	$(PY) -m bench

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis

$(VENV)/.installed-docs: pyproject.toml | $(PY)
	@echo "installing the docs extras into $(VENV) (pip; minutes on a fresh clone)"
	$(PY) -m pip install --quiet -e '.[docs,plot]'
	touch $@

# docs/gen.py writes the reference pages and figures and copies MathJax into the site's sources; it says
# what it is doing on stderr (a phase per line, and within the long ones a line every 10 s)
docs: $(VENV)/.installed-docs
	$(PY) docs/gen.py
	$(PY) -m mkdocs build --strict
