"""One core for every score and every Π (issue 44): the same commands through the CLI and the API on
every kind of space — two classes, k = 3, 5, 10, 1000 (sparse), scored:4, selective:2 —, each on every
performance and at uniform priors. Every run is a decided verdict, an honest unknown with its reason,
or a one-line refusal: never an internal error (exit 4), never an AttributeError.

The budgets are small and what a run settles within them may differ from machine to machine (a
decided verdict or an unknown with its reason: both pass); what is asserted — no internal error, and
the verdict words — does not depend on the machine. The every-k lemmas make `check
multiclass_accuracy --prior uniform` a proof on every k, which is asserted."""

from __future__ import annotations

import json
import random

import pytest

from ordertheory import check_score, derive_importance, rank_leaderboard, read_leaderboard
from ordertheory.catalogue import as_score
from ordertheory.cli import main
from ordertheory.engine.result import Verdict

pytestmark = pytest.mark.slow

VERDICTS = {"proved", "refuted", "unknown", "vacuous", "computed", "listed", "numeric", "same", "reversed",
            "different"}
SPACES = {  # space: (a score of that space, its loss or second score)
    "binary": ("f1", "error_rate"),
    "multiclass:3": ("macro_f1", "multiclass_accuracy"),
    "multiclass:5": ("macro_recall", "hamming_loss"),
    "multiclass:10": ("multiclass_accuracy", "macro_f1"),
    "multiclass:1000": ("multiclass_accuracy", "hamming_loss"),
    "scored:4": ("brier", "roc_auc"),
    "selective:2": ("selective_accuracy", "coverage"),
}


def _k(space: str) -> int:
    return int(space.split(":")[1]) if ":" in space else 2


def _leaderboard(space: str, uniform: bool, path) -> str:
    """A small leaderboard on ``space``: uniform class priors, or priors that differ between entities."""
    rng = random.Random(7)
    n_entities = 4
    if space == "binary":
        rows = ["entity,tn,fp,fn,tp"]
        for e in range(n_entities):
            neg, pos = (50, 50) if uniform else (50 + 10 * e, 50 - 5 * e)
            fp, fn = rng.randint(2, 20), rng.randint(2, 20)
            rows.append(f"e{e},{neg - fp},{fp},{fn},{pos - fn}")
    elif space.startswith("multiclass"):
        k = _k(space)
        rows = ["entity,true,pred,count"]
        for e in range(n_entities):
            for c in range(k):
                total = 20 if uniform else 20 + (c + e) % 3
                right = rng.randint(12, total)
                rows.append(f"e{e},{c},{c},{right}")
                if total > right:
                    rows.append(f"e{e},{c},{(c + 1 + rng.randrange(k - 1)) % k},{total - right}")
    elif space.startswith("scored"):
        rows = ["entity," + ",".join(f"y{y}_s{s}" for y in (0, 1) for s in range(4))]
        for e in range(n_entities):
            neg = [rng.randint(1, 12) for _ in range(4)]
            pos = [rng.randint(1, 12) for _ in range(4)]
            if uniform:
                pos[-1] += sum(neg) - sum(pos) if sum(neg) > sum(pos) else 0
                neg[0] += sum(pos) - sum(neg) if sum(pos) > sum(neg) else 0
            rows.append(f"e{e}," + ",".join(map(str, sorted(neg, reverse=True) + sorted(pos))))
    else:  # selective:2: y{i}_p{j} and y{i}_abstain
        rows = ["entity,y0_p0,y0_p1,y0_abstain,y1_p0,y1_p1,y1_abstain"]
        for e in range(n_entities):
            a, b, c = rng.randint(20, 30), rng.randint(1, 8), rng.randint(1, 5)
            d, f, g = rng.randint(1, 8), rng.randint(20, 30), rng.randint(1, 5)
            if uniform:
                g += (a + b + c) - (d + f + g) if a + b + c > d + f + g else 0
                c += (d + f + g) - (a + b + c) if d + f + g > a + b + c else 0
            rows.append(f"e{e},{a},{b},{c},{d},{f},{g}")
    p = path / f"{space.replace(':', '_')}_{'uniform' if uniform else 'all'}.csv"
    p.write_text("\n".join(rows) + "\n")
    return str(p)


def _cli(argv, capsys) -> tuple[int, dict | None]:
    code = main(argv)
    out = capsys.readouterr()
    assert code != 4, f"internal error: {' '.join(argv)}: {out.err.strip()}"
    assert "AttributeError" not in out.err and "Traceback" not in out.err, out.err
    if code == 2:  # a refusal: one line on stderr
        assert len([x for x in out.err.splitlines() if x.startswith("error:")]) == 1, out.err
        return code, None
    doc = json.loads(out.out) if "--json" in argv and out.out.strip() else None
    if doc is not None:
        assert doc.get("verdict") in VERDICTS, (argv, doc.get("verdict"))
    return code, doc


@pytest.mark.parametrize("space", SPACES)
def test_every_command_on_every_space_through_the_cli(space, tmp_path, capsys):
    X, Y = SPACES[space]
    for uniform in (False, True):
        prior = ["--prior", "uniform"] if uniform and space != "binary" else ["--prior", "1/2"] if uniform else []
        if not space.startswith(("scored", "selective")) or not uniform:  # their Π: every performance
            _cli(["check", X, "--space", space, *prior, "--timeout", "5", "--json"], capsys)
            _cli(["importance", X, "--space", space, *prior, "--timeout", "5", "--json"], capsys)
        lb = _leaderboard(space, uniform, tmp_path)
        _cli(["rank", lb, "--score", Y, "--timeout", "5", "--json"], capsys)
        _cli(["compare", X, Y, "--leaderboard", lb, "--timeout", "5", "--json"], capsys)
        if space == "binary" or space.startswith("multiclass"):
            _cli(["winners", lb, "--timeout", "5", "--json"], capsys)
    _cli(["advise", lb, "--scores", Y, "--out", str(tmp_path / "advice"), "--timeout", "10"], capsys)


@pytest.mark.parametrize("space", SPACES)
@pytest.mark.parametrize("uniform", [False, True])
def test_the_api_takes_every_representation(space, uniform, tmp_path):
    """check_score, derive_importance and rank_leaderboard take the score as text, as the catalogue's
    object on that space (symbolic or by its class sums) and Π as text or as an object."""
    from ordertheory.spaces.sample_space import from_name

    X, Y = SPACES[space]
    sp = from_name(space)
    setting = "uniform" if uniform and sp.classes else None
    score = X if uniform else as_score(X, sp)  # as text, and as the catalogue's object on that space
    rep = check_score(score, setting, space=sp, timeout=5)
    assert rep.verdict in (Verdict.PROVED, Verdict.REFUTED, Verdict.UNKNOWN)
    assert all(r.verdict is not Verdict.UNKNOWN or r.reason for r in rep.tests.values())
    d = derive_importance(score, setting, space=sp, timeout=5)
    assert d.verdict is not Verdict.UNKNOWN or d.reason
    lb = read_leaderboard(_leaderboard(space, uniform, tmp_path))
    r = rank_leaderboard(lb, as_score(Y, lb.space), timeout=5)
    values = [e.value for e in r.entries if e.value is not None]
    assert values == sorted(values, reverse=r.direction.value == "higher")


@pytest.mark.parametrize("k", [*range(3, 21), 1000])
def test_accuracy_at_uniform_priors_is_proved_on_every_k(k, capsys):
    """The every-k lemma decides it on every k (the general procedure ran to any budget at k = 5)."""
    code, doc = _cli(["check", "multiclass_accuracy", "--space", f"multiclass:{k}", "--prior", "uniform",
                      "--json", "--timeout", "30"], capsys)
    assert code == 0 and doc["verdict"] == "proved"
    assert all(doc[t]["method"].startswith("lemma") for t in ("test1", "test2", "test3", "domain_closed"))
