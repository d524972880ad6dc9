# The README's two commands: `make run` and `make test`. Both create .venv when it is missing.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test lint bench clean docs

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,crosscheck]'
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(PY) -m ordertheory paper --out build/paper

test: $(VENV)/.installed-test
	$(PY) -m ruff check ordertheory tests bench docs
	$(VENV)/bin/lint-imports
	$(PY) -m pytest

bench: $(VENV)/.installed-test
	$(PY) -m bench

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis

docs:
	$(PY) -m pip install --quiet -e '.[docs,plot]'
	$(PY) docs/gen.py
	$(PY) -m mkdocs build --strict
