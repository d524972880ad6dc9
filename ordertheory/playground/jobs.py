"""What a worker computes for each page, as JSON-ready dicts (pictures as base64 PNG).

Every job calls the package exactly as the command-line does, with the command's deadline; bad
input comes back as ``{"error": "error: …"}``, the CLI's one line, and a question past a resource
guard as ``{"verdict": "unknown", "reason": …}``.
"""

from __future__ import annotations

import base64
import os
import tempfile
from fractions import Fraction

from ordertheory.analyses.answers import answer_check
from ordertheory.analyses.exercise_sets import exercise_set, judge, parse_families
from ordertheory.analyses.importance.derive import derive_importance
from ordertheory.catalogue import as_score
from ordertheory.engine.result import Verdict, jsonable
from ordertheory.engine.witness import TestName
from ordertheory.errors import InvalidInput, OrderTheoryError, ResourceLimit
from ordertheory.fitness.score_tests import SETTLE
from ordertheory.performances.performance import mixture
from ordertheory.ranking.leaderboards.leaderboard import read_leaderboard
from ordertheory.ranking.rank import rank_leaderboard
from ordertheory.ranking.scored_ranking import rank_samples, read_scored, scored_slug
from ordertheory.ranking.tile import tile
from ordertheory.ranking.tile_maps.plot import draw
from ordertheory.ranking.winners import winners
from ordertheory.reports.figures import roc_figure
from ordertheory.sets.settings import from_options
from ordertheory.spaces.sample_space import binary
from ordertheory.theory.preorders.hasse import png_bytes
from ordertheory.theory.readable.proof_search import readable_proof
from ordertheory.theory.statements import parse_statement, prove_statement

TILE_RESOLUTION = 101


def _png(fig) -> str:
    return base64.b64encode(png_bytes(fig)).decode()


def prove(statement: str, order: str = "preorder", seconds: float = 9.0) -> dict:
    s = parse_statement(statement)
    r = prove_statement(s, order, timeout=seconds)
    out = {"verdict": r.verdict.value, "parsed": str(s), "statement": r.statement, "reason": r.reason}
    if r.verdict is Verdict.PROVED:
        p = readable_proof(s, order)
        out.update(proof=p.to_json(), proof_lines=p.proof.lines() if p.proof else None, proof_reason=p.reason)
    elif r.verdict is Verdict.REFUTED:
        m = r.witness
        out.update(countermodel=m.to_json(), countermodel_text=str(m), diagram=_png(m.figure()))
    return out


def exercises(seed: int, count: int, difficulty: str | None, family: str) -> dict:
    rows = exercise_set(seed, count, difficulty or None, parse_families(family))
    return {"verdict": "listed", "exercises": [{"number": k, **ex.to_json()} for k, ex in enumerate(rows, 1)]}


def judge_answer(seed: int, count: int, difficulty: str | None, family: str, number: int, valid: bool,
                 countermodel: str | None = None, witness: dict | None = None, seconds: float = 20.0) -> dict:
    rows = exercise_set(seed, max(count, number), difficulty or None, parse_families(family))
    if not 1 <= number <= len(rows):
        raise OrderTheoryError(f"expected an exercise number between 1 and {len(rows)} but got {number}")
    j = judge(rows[number - 1], valid, countermodel, witness, seconds)
    return {"verdict": "unknown" if j.valid is None else "proved" if j.correct else "refuted", **jsonable(j.to_json())}


def _roc(P) -> tuple[float, float]:
    d = P.as_dict()
    neg, pos = d["tn"] + d["fp"], d["fn"] + d["tp"]
    return (float(d["fp"] / neg) if neg else 0.0, float(d["tp"] / pos) if pos else 0.0)


def score(text: str, prior: str | None = None, seconds: float = 35.0) -> dict:
    space = binary()
    X = as_score(text, space)
    if prior is not None and prior.strip().isidentifier() and prior.strip() not in ("all", "uniform"):
        raise InvalidInput(f"a symbolic prior ({prior.strip()}) is for 'importance' and 'compare'; give a number here")
    Pi = from_options(prior or None).performance_set(space)  # the one setting syntax (a bare P: the prior)
    answer = answer_check(X, Pi, timeout=seconds * 0.7, settle=SETTLE)  # the verdict first, in seconds
    report = answer.report
    out = {**jsonable(answer.to_json()), "score": text, "formula": X.formula, "lines": answer.lines()}
    for t in (TestName.TEST2, TestName.TEST3):
        w = report.tests[t].witness
        if report.tests[t].verdict is Verdict.REFUTED and w is not None and "lambda" in w:
            lam = Fraction(w["lambda"])
            M = mixture([w["P1"], w["P2"]], [lam, 1 - lam])
            pts = [("P1", *_roc(w["P1"])), ("M", *_roc(M)), ("P2", *_roc(w["P2"]))]
            out["roc_test"] = t
            out["roc"] = _png(roc_figure(pts, segment=(0, 2), title=f"{t} witness of {text} (ROC plane)"))
            out["witness_lines"] = w.lines()
            break
    try:
        d = derive_importance(X, Pi, timeout=max(1.0, seconds * 0.25))
        out["importance"] = jsonable(d.to_json())
    except OrderTheoryError as exc:
        out["importance"] = {"kind": "unknown", "reason": str(exc)}
    return out


def leaderboard(path: str, text: str | None = None, seconds: float = 55.0, name: str | None = None) -> dict:
    """``name``: the uploaded file's name, which the answer and its errors show instead of ``path``
    (the server's copy), as the command line shows the name it was given."""
    try:
        scores = read_scored(path) if text and scored_slug(text) else None  # per-sample scores or probabilities
        if scores is not None:  # exact values at any number of distinct scores, names as the CLI reads them
            r = rank_samples(scores, text, check=True, timeout=seconds * 0.6)
            return {"verdict": r.fitness.verdict.value if r.fitness else "computed", "entities": len(scores),
                    "provenance": {"source": name or "the upload", "format": "per-sample scores"},
                    "ranking": jsonable(r.to_json()), "fitness": r.fitness.verdict.value if r.fitness else "unchecked"}
        lb = read_leaderboard(path)
    except InvalidInput as exc:
        raise InvalidInput(str(exc).replace(path, name or "the upload")) from None
    provenance = {**jsonable(lb.provenance.to_json()), "source": name or "the upload"}
    out: dict = {"verdict": "computed", "entities": len(lb), "provenance": provenance}
    if text:
        r = rank_leaderboard(lb, as_score(text, lb.space), check=True, timeout=seconds * 0.4)
        out["ranking"] = jsonable(r.to_json())  # best first by the score's direction ("ranked_by" says which)
        out["fitness"] = r.fitness.verdict.value if r.fitness else "unchecked"
    if lb.space.is_binary:
        w = winners(lb, timeout=seconds * 0.4)
        out["winners"] = list(w.names)
        maps = [("tile", tile.winner_map(lb, TILE_RESOLUTION), "winner of R_(a,b) on the Tile", "winner")]
        top = next((e.name for e in r.entries if e.rank == 1), None) if text else None
        if top is not None:  # the Tile's rank map of the entity the score ranks first
            maps.append(("tile_rank", tile.rank_map(lb, top, TILE_RESOLUTION), f"rank of {top} (1 = best)", "rank"))
            out["tile_rank_entity"] = top
        with tempfile.TemporaryDirectory() as tmp:  # under the server's temporary folder ($TMPDIR)
            for key, grid, title, kind in maps:
                png = os.path.join(tmp, f"{key}.png")
                draw(grid, title, kind, png, None, lb.names)
                with open(png, "rb") as f:
                    out[key] = base64.b64encode(f.read()).decode()
    return out


JOBS = {"prove": prove, "exercises": exercises, "judge": judge_answer, "score": score, "leaderboard": leaderboard}


def run(name: str, kwargs: dict) -> dict:
    """Run one job; never raises (an error is an answer with the CLI's one line)."""
    try:
        return JOBS[name](**kwargs)
    except ResourceLimit as exc:
        return {"verdict": "unknown", "reason": str(exc)}
    except OrderTheoryError as exc:
        return {"error": f"error: {exc}"}
    except RecursionError:
        return {"error": "error: the input is nested too deeply"}
    except Exception as exc:  # a bug: one line, as the CLI says it
        return {"error": f"internal error: {type(exc).__name__}: {exc}", "internal": True}

