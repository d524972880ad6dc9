"""The command line's contract, command by command (issue 33): ``--help``, one good input and one bad
input, with and without ``--json``; no Python repr in what a person reads, every JSON valid against
its command's schema (ordertheory/cli/schemas), exit codes as documented, verdict and exit code in
agreement; one meaning of ``--timeout``; start-up before sympy, z3 and numpy."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

from ordertheory.cli import COMMAND_MODULES, build_parser, main
from ordertheory.cli.common import TIMEOUT_HELP
from ordertheory.cli.schemas import names, schema
from ordertheory.cli.vocabulary import FIELDS, MEANINGS, Word
from ordertheory.spaces.sample_space import multiclass
from ordertheory.syntax import DERIVED

ROOT = Path(__file__).resolve().parents[2]
LB = str(ROOT / "tests" / "data" / "leaderboard_sample.json")
TASKS = str(ROOT / "tests" / "data" / "tasks_sklearn.csv")

# command -> (a good input, a bad input); {tmp} is a temporary folder of the test
CASES = {
    "scores": (["scores", "--kind", "binary"], ["scores", "--kind", "ternary"]),
    "check": (["check", "accuracy"], ["check", "2*tp/(2*tp+fp"]),
    "table1": (["table1", "--scores", "accuracy", "--no-tau", "--jobs", "1", "--quiet"], ["table1", "--scores", "acuracy"]),
    "importance": (["importance", "f1"], ["importance", "f_bta_2"]),
    "tau": (["tau", "accuracy", "--prior", "0.5", "--points", "11"], ["tau", "accuracy", "--step", "1/0"]),
    "claims": (["claims"], ["claims", "--timeout", "0"]),
    "paper": (["paper", "--only", "accuracy", "--prior", "0.5"], ["paper", "--only", "accuracy", "--format", "pdf"]),
    "explain": (["explain", "axiom", "2"], ["explain", "axiom", "9"]),
    "lemmas": (["lemmas"], ["lemmas", "--query-timeout", "-1"]),
    "cases": (["cases"], ["cases", "--timeout", "soon"]),
    "preorders": (["preorders", "3"], ["preorders", "99"]),
    "replay": (["replay", "{tmp}/cert", "--solvers", "z3"], ["replay", "{tmp}/no_such_folder"]),
    "prove": (["prove", "a <= b -> a < b"], ["prove", "a <"]),
    "compare": (["compare", "f1", "mcc"], ["compare", "f1", "tp/(tn"]),
    "rank": (["rank", LB, "--score", "f1"], ["rank", "{tmp}/missing.csv", "--score", "f1"]),
    "tile": (["tile", LB, "--map", "winner", "--resolution", "11"], ["tile", LB, "--map", "rank"]),
    "winners": (["winners", LB], ["winners", LB, "--decimals", "x"]),
    "tasks": (["tasks", TASKS, "--score", "f1", "--draws", "50", "--bayes-samples", "500"],
              ["tasks", TASKS, "--score", "f1", "--rope", "x"]),
    "sweep": (["sweep", "--scores", "accuracy", "--out", "{tmp}/sweep", "--jobs", "1", "--quiet"], ["sweep", "--scores", "accuracy"]),
    "catalogue": (["catalogue", "--scores", "accuracy", "--settings", "all", "--jobs", "1"], ["catalogue", "--scores", "nope"]),
    "literature": (["literature", "--ids", "sorbetto/accuracy"], ["literature", "--ids", "nope"]),
    "advise": (["advise", LB, "--scores", "accuracy", "--out", "{tmp}/advise", "--no-uncertainty", "--tile-resolution",
                "11"], ["advise", LB, "--scores", "accuracy"]),
    "exercise": (["exercise", "--count", "3", "--solutions"], ["exercise", "--number", "0", "--answer", "valid"]),
    "export": (["export", "coq", "--out", "{tmp}/coq", "--scores", "accuracy", "--no-check"],
               ["export", "lean", "--out", "{tmp}/coq"]),
    "serve": (None, ["serve", "--host", "8.8.8.8"]),
}
# a server answers requests until it is stopped: no --timeout, no --json, no one good input here
# (tests/unit/test_playground*.py run it); its --help and its bad input are tested like the others'
SERVERS = {"serve"}
ANSWERING = sorted(set(CASES) - SERVERS)
# the exit code each verdict word goes with (docs/json.md)
EXIT = {Word.PROVED: {0}, Word.REFUTED: {1}, Word.UNKNOWN: {3}, Word.NUMERIC: {0}, Word.COMPUTED: {0},
        Word.LISTED: {0}, Word.VACUOUS: {2}, Word.ERROR: {2, 4}}
EXCEPTIONS = {"table1": {Word.PROVED: {0}}, "paper": {Word.PROVED: {0}}}  # their refutations are results: exit 0
# what must never reach a reader: reprs of Python objects, dicts and lists, enum members, long floats
REPR = re.compile(r"\b(?:Fraction|Performance|Witness|Importance|Score|Result|Verdict|Rational|Integer)\(|"
                  r"\{'|\['|<\w+\.\w+: |<[\w.]+ object at|\d\.\d{9,}|Traceback")


def _registry() -> Registry:
    return Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in map(schema, names()))


@pytest.fixture(scope="module")
def tmp(tmp_path_factory):
    d = tmp_path_factory.mktemp("cli")
    (d / "cert").mkdir()
    (d / "cert" / "x.smt2").write_text("; expected: unsat\n(declare-const x Real)\n(assert (< x x))\n(check-sat)\n")
    return d


def run(argv, capsys) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def _valid(command: str, text: str, code: int) -> dict:
    doc = json.loads(text)
    jsonschema.Draft202012Validator(schema(command), registry=_registry()).validate(doc)
    allowed = {**EXIT, **EXCEPTIONS.get(command, {})}[Word(doc["verdict"])]
    assert code in allowed, f"{command}: verdict {doc['verdict']} with exit code {code}"
    return doc


def test_every_command_has_a_case_and_a_schema():
    assert set(CASES) == set(COMMAND_MODULES), "a command without a case here has no contract test"
    assert set(COMMAND_MODULES) - SERVERS <= set(names())
    for name in names():
        jsonschema.Draft202012Validator.check_schema(schema(name))


def test_one_meaning_of_timeout_and_of_the_limits_per_item():
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, type(parser._subparsers._group_actions[0])))
    for name, p in sub.choices.items():
        if name in SERVERS:
            continue
        opts = {o: a for a in p._actions for o in a.option_strings}
        assert "--timeout" in opts, f"{name} has no --timeout"
        assert opts["--timeout"].help.startswith(TIMEOUT_HELP.split("(default")[0]), name
        for o in opts:
            if o.endswith("-timeout") and o != "--timeout":
                assert o in ("--query-timeout", "--cell-timeout", "--cvc5-timeout"), f"{name} {o}"
        if "--jobs" in opts:
            assert opts["--jobs"].default is None and "cores available" in opts["--jobs"].help, name


@pytest.mark.parametrize("command", sorted(CASES))
def test_help_is_plain_text(command, capsys):
    code, out, _ = run([command, "--help"], capsys)
    assert code == 0 and out.startswith("usage: ordertheory " + command) and not REPR.search(out)


@pytest.mark.parametrize("command", sorted(CASES))
def test_bad_input_is_one_line_and_a_json_error_object(command, capsys, tmp):
    bad = [a.format(tmp=tmp) for a in CASES[command][1]]
    code, out, err = run(bad, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and err.startswith("error: "), (command, err)
    if command in SERVERS:
        return
    code, out, err = run([*bad, "--json"], capsys)
    doc = _valid(command, out, code)
    assert code == 2 and doc["error"]["kind"] == "bad_input" and doc["error"]["message"] in err


# commands whose good input takes more than a second or so: their human output is read in the slow run
# only (their JSON is validated in every run)
COSTLY = {"claims", "catalogue", "cases", "lemmas", "tau", "check", "advise", "export"}


# advise writes a report with figures (matplotlib: 5 s), export decides Table 1 cells and A.6 (10-25 s): their JSON
# is validated in the slow run
@pytest.mark.parametrize("command", [pytest.param(c, marks=pytest.mark.slow) if c in ("advise", "export") else c
                                     for c in ANSWERING])
def test_good_input_json_validates_and_carries_version_and_verdict(command, capsys, tmp):
    good = [a.format(tmp=tmp) for a in CASES[command][0]]
    code, out, _ = run([*good, "--json"], capsys)
    assert code in (0, 1, 3), (command, code, out[-2000:])
    doc = _valid(command, out, code)
    assert next(iter(doc)) == "ordertheory_version" and doc["verdict"] != Word.ERROR
    validator = jsonschema.Draft202012Validator(schema(command), registry=_registry())
    for field in ("ordertheory_version", "verdict"):  # the schema itself refuses an output without them
        assert not validator.is_valid({k: v for k, v in doc.items() if k != field}), (command, field)


@pytest.mark.parametrize("command", [pytest.param(c, marks=pytest.mark.slow) if c in COSTLY else c
                                     for c in ANSWERING])
def test_good_input_reads_well(command, capsys, tmp):
    good = [a.format(tmp=tmp) for a in CASES[command][0]]
    code, out, err = run(good, capsys)
    assert code in (0, 1, 3) and out.strip() and not REPR.search(out), (command, REPR.search(out), out[-2000:])


def test_commands_print_json_only_through_emit_json():
    """Every command's JSON goes through ``common.emit_json``, which puts ``ordertheory_version``
    first and refuses a verdict outside the vocabulary (sweep writes its lines to a file, with
    their own schema, and prints that schema)."""
    for path in sorted((ROOT / "ordertheory" / "cli").glob("*.py")):
        if path.name in ("common.py", "vocabulary.py"):
            continue
        text = path.read_text()
        dumps = re.findall(r"print\(json\.dumps\(([^,]+)", text)
        assert dumps in ([], ['schema("sweep_line")']), (path.name, dumps)
        assert '"ordertheory_version":' not in text or path.name == "sweep.py", path.name  # a key written by hand


def test_the_vocabulary_is_documented_in_one_place():
    page = (ROOT / "docs" / "json.md").read_text()
    for w in Word:
        assert f"`{w.value}`" in page and MEANINGS[w] in page, w
    for field in FIELDS:
        assert f"`{field}`" in page, field
    assert schema("common")["$defs"]["verdict"]["enum"] == [w.value for w in Word]


def test_start_up_imports_no_solver_no_sympy_no_numpy():
    """--help, a bad argument and a bad formula are answered before the heavy imports."""
    probe = (
        "import contextlib, io, sys\n"
        "from ordertheory.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        "    codes = [main(a) for a in (['--help'], ['check', '--help'], ['check', 'tp/('], ['check', 'f1', '--timeout', 'x'],"
        " ['compare', 'f1', 'tp**'], ['rank', 'x.csv', '--score', 'tp/'], ['chek', 'f1'], ['check', 'f1', '--json', '--timout', '1'])]\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('sympy', 'z3', 'numpy', 'cvc5'))\n"
        "print(codes, heavy)\n")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert r.stdout.strip() == "[0, 0, 2, 2, 2, 2, 2, 2] []", r.stdout + r.stderr


def test_did_you_mean(capsys):
    assert main(["check", "f1", "--timout", "3"]) == 2 and "did you mean --timeout?" in capsys.readouterr().err
    assert main(["chek", "f1"]) == 2 and "did you mean check?" in capsys.readouterr().err
    assert main(["importance", "balanced_acuracy"]) == 2 and "did you mean balanced_accuracy" in capsys.readouterr().err
    assert main(["check", "accuracy", "--space", "multiclass:3"]) == 2
    assert "did you mean multiclass_accuracy" in capsys.readouterr().err


def test_every_slug_the_catalogue_lists_names_its_entry():
    """Cheap: every slug and alias finds its entry, and the names that are also formulas (an
    outcome or a derived term) or not formula-shaped (f_beta_0.5) read as that score."""
    from ordertheory.catalogue import all_entries, as_score, find

    for e in all_entries():
        for key in (e.slug, *e.aliases):
            assert find(key) is e, key
    assert as_score("f_beta_0.5").name == "f_beta_0.5" and as_score("f1").name == "f_beta_1"
    for e in all_entries():
        for key in (e.slug, *e.aliases):
            if key in DERIVED or "." in key:
                space = multiclass(3) if e.kind == "multiclass" else None
                X = as_score(key, space)
                assert X.name == e.slug or (key in DERIVED and X.expr == e.score(space).expr), key


@pytest.mark.slow
def test_every_slug_the_catalogue_lists_reads_as_its_score():
    from ordertheory.catalogue import all_entries, as_score

    for e in all_entries():
        for key in (e.slug, *e.aliases):
            space = multiclass(3) if e.kind == "multiclass" else None
            X = as_score(key, space)
            # a name that is also a formula's (prior_pos) reads as the formula: the same score
            assert X.name == e.slug or (key in DERIVED and X.expr == e.score(space).expr), key
