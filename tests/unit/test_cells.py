"""The one decider's verdicts from typed answers, and the one setting syntax of a score in a setting."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ordertheory.encoding.answer import Answer, Model, Status
from ordertheory.engine.prove import Decider, Obligation
from ordertheory.engine.result import Verdict
from ordertheory.errors import InvalidInput
from ordertheory.sets.settings import Part, Setting, SettingKind, from_options, parse_settings
from ordertheory.spaces.sample_space import binary, multiclass


def _between(validate):
    return Obligation.counterexample("between", "no x with 1 < x < 2", lambda env: [env.Real("x") > 1, env.Real("x") < 2],
                                     decode=lambda m: m["x"], validate=validate, variables=("x",))


def test_a_model_that_fails_validation_is_no_refutation():
    d = Decider(10, tactics=(None,))
    assert d.decide(_between(lambda x: 1 < x < 2)).verdict is Verdict.REFUTED
    r = d.decide(_between(lambda x: False))
    assert r.verdict is Verdict.UNKNOWN and "failed exact validation" in r.reason


def test_unsat_is_a_proof_with_its_certificate_and_the_raw_answer_is_typed():
    ob = Obligation.counterexample("none", "no x with x < x", lambda env: [env.Real("x") < env.Real("x")])
    r = Decider(10).decide(ob)
    assert r.verdict is Verdict.PROVED and r.certificate[0] == ("none", r.sanity.header(ob.smtlib()))
    assert r.sanity.kind.value == "undecided"  # a bare query gives no frame: said so in the certificate
    assert Decider(10, cache=False).check(ob, 5).status is Status.UNSAT


def test_answers_and_models_survive_their_json():
    m = Model({"x": Fraction(-7, 3), "b": False, "e": "S!val!0"}, {"S": ("S!val!0",)}, {"le": {("S!val!0", "S!val!0"): True}},
              frozenset({"x"}))
    a = Answer(Status.SAT, None, m, "z3 test", models=(m,))
    assert Answer.from_json(a.to_json()) == a and a.model.table("le")[("S!val!0", "S!val!0")] is True


def test_models_are_enumerated_in_the_worker():
    ob = Obligation.counterexample("two", "two booleans, not both", lambda env: [env.Not(env.And(env.Bool("p"), env.Bool("q")))],
                                   variables=("p", "q"))
    models, incomplete = Decider(10).models(ob, limit=10)
    assert incomplete is None and sorted((m["p"], m["q"]) for m in models) == [(False, False), (False, True), (True, False)]


def test_one_setting_syntax():
    assert [str(s) for s in parse_settings("all,0.2,prior=1/2,priors=1/3,1/3,1/3,uniform")] == [
        "all", "prior=0.2", "prior=0.5", "priors=1/3,1/3,1/3", "uniform"]
    assert Setting.parse("0.2") == Setting((Part(SettingKind.PRIOR, (Fraction(1, 5),)),))  # a bare number: prior=
    assert Setting.parse("prior=0.2").performance_set(binary()).label == "prior=0.2"
    assert Setting.parse("uniform").performance_set(binary()).label == "prior=0.5"
    assert Setting.parse("uniform").performance_set(multiclass(3)).label == "uniform"
    assert not Setting.parse("0.2").applies_to(multiclass(3)) and Setting.parse("all").applies_to(multiclass(3))


@pytest.mark.parametrize("space, texts, label", [
    (binary(), ("0.2", "prior=1/5", "priors=0.8,0.2", "prior=0.20"), "prior=0.2"),
    (binary(), ("uniform", "0.5", "priors=1/2,1/2", "1/2,1/2"), "prior=0.5"),
    (multiclass(3), ("uniform", "1/3,1/3,1/3", "priors=1/3,1/3,1/3"), "uniform"),
    (binary(), ("rate=0.25; prior=1/5", "prior=0.2; rates=3/4,1/4"), "prior=0.2; rate=0.25"),
])
def test_one_setting_one_label_whatever_way_it_is_typed(space, texts, label):
    """The label of a setting on a space does not depend on how it was typed, and it is the label of
    its Π: check --prior, the catalogue and Table 1 name one setting alike."""
    for t in texts:
        st = Setting.parse(t)
        assert str(st.on(space)) == st.label(space) == st.performance_set(space).label == label, t


def test_the_commands_options_make_one_setting():
    assert str(from_options("uniform", "0.25")) == "uniform; rate=0.25"
    assert str(from_options(None, "1/4,3/4")) == "rates=0.25,0.75"
    assert str(from_options("p", None, symbolic=True)) == "prior=p"
    with pytest.raises(InvalidInput, match="symbolic prior"):
        from_options("p", None)
    with pytest.raises(InvalidInput, match="at most one prior"):
        Setting.parse("prior=0.2; uniform")


def test_a_fixed_prior_set_on_k_classes_is_built_without_its_vertices(monkeypatch):
    """Π at uniform priors on 5 classes has C(25, 20) candidate vertices: the setting never
    enumerates them (fixed positive margins always leave performances)."""
    from ordertheory.sets.performance_set import PerformanceSet

    def no_vertices(*args, **kwargs):
        raise AssertionError("vertices enumerated")

    monkeypatch.setattr(PerformanceSet, "vertices", no_vertices)
    Pi = Setting.parse("uniform; rates=0.2,0.2,0.2,0.2,0.2").performance_set(multiclass(5))
    assert Pi.label == "uniform; rates=0.2,0.2,0.2,0.2,0.2" and len(Pi.constraints) == 8
    assert Setting.parse("uniform").class_pi(multiclass(5)).is_uniform


@pytest.mark.parametrize("text", ["", "all,", "prior=", "prior=1.5", "priors=0.2,x", "priors=", "sometimes", "prior=x",
                                  "priors=0.2,0.2", "prior=0.2; prior=0.3", "rate=p"])
def test_a_bad_setting_is_one_line(text):
    with pytest.raises(InvalidInput) as e:
        parse_settings(text)
    assert "\n" not in str(e.value)


def _catalogue_json(main, capsys, *extra) -> dict:
    import json

    # cells whose every test is settled in its first, short pass (a proof or a search's witness),
    # whatever the load: a cell's own budget is wall time, and the same cells must be compared
    assert main(["catalogue", "--scores", "accuracy,error_rate", "--settings", "all,0.5,uniform", "--json",
                 "--cell-timeout", "60", *extra]) == 1  # error_rate is a loss: test 1 fails
    out = json.loads(capsys.readouterr().out)
    for c in out["cells"]:
        c.pop("seconds")  # how long a cell took is a measurement, not an answer
    return out


@pytest.mark.slow
def test_the_catalogue_gives_one_json_whatever_the_executor(tmp_path, monkeypatch, capsys):
    """One cell runner on the one executor: the catalogue on a Dask LocalCluster answers what two
    local processes answer, and names the settings one way (0.5 and uniform are one cell)."""
    pytest.importorskip("distributed")
    from ordertheory.cli import main

    monkeypatch.setenv("ORDERTHEORY_CACHE", str(tmp_path / "a"))
    local = _catalogue_json(main, capsys, "--jobs", "2")
    monkeypatch.setenv("ORDERTHEORY_CACHE", str(tmp_path / "b"))
    dask = _catalogue_json(main, capsys, "--jobs", "2", "--scheduler", "local")
    assert local == dask and local["settings"] == ["all", "prior=0.5"]
    assert [(c["score"], c["setting"], c["verdict"]) for c in local["cells"]] == [
        ("accuracy", "all", "proved"), ("accuracy", "prior=0.5", "proved"),
        ("error_rate", "all", "refuted"), ("error_rate", "prior=0.5", "refuted")]


def test_a_catalogue_cell_asked_again_comes_from_the_cache(tmp_path, monkeypatch):
    """The catalogue's cells run by the one runner with the result cache: asked again with the same
    budget, a cell is not decided a second time."""
    from ordertheory.analyses import classification
    from ordertheory.fitness import runner

    monkeypatch.setenv("ORDERTHEORY_CACHE", str(tmp_path))
    cold = classification.classify_catalogue(["error_rate"], ["all"], timeout=30, jobs=1)

    def no_decision(*args, **kwargs):
        raise AssertionError("a cell was decided again")

    monkeypatch.setattr(runner, "run_tests", no_decision)
    warm = classification.classify_catalogue(["error_rate"], ["all"], timeout=30, jobs=1)
    assert [c.to_json() for c in warm] == [c.to_json() for c in cold]
    assert cold[0].category is classification.Category.LOSS


def test_check_catalogue_and_table1_name_one_setting_alike(capsys):
    """`check --prior uniform` (or 1/2) on two classes, the catalogue's `uniform` and Table 1's
    prior=0.5 are one setting with one label."""
    import json

    from ordertheory.cli import main
    from ordertheory.paper.table1 import SETTINGS

    labels = set()
    for prior in ("uniform", "1/2"):
        assert main(["check", "accuracy", "--prior", prior, "--json", "--timeout", "60"]) == 0
        labels.add(json.loads(capsys.readouterr().out)["Pi"])
    catalogue = {str(st.on(binary())) for st in parse_settings("uniform,0.5")}
    assert labels == catalogue == {"prior=0.5"} and "prior=0.5" in SETTINGS
