"""Command-line interface: subcommands wire the package together, nothing more.

Exit codes are listed once, in :data:`ordertheory.cli.common.EXIT_CODES` (and in ``--help``).
Errors are one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from pathlib import Path

from ordertheory.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_CODES,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_REFUTED,
    EXIT_UNKNOWN,
    add_run_options,
    emit_json,
    exit_code,
    heartbeat,
    no_cache,
    package_version,
    performance_set,
    score_from,
    seconds,
)
from ordertheory.errors import OrderTheoryError, ResourceLimit

# Subcommands kept in their own module (ordertheory/cli/<name>.py), each with
# ``register(subparsers)`` adding its parser (``set_defaults(func=run)``) and ``run(args) -> int``.
COMMAND_MODULES: tuple[str, ...] = ("prove", "compare", "rank", "tile", "winners", "sweep", "catalogue")

EPILOG = EXIT_CODES


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        print(f"error: {message} (see --help)", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


_score_from = score_from
_performance_set = performance_set


# --- subcommands ----------------------------------------------------------------------------------
def cmd_scores(args) -> int:
    from ordertheory.catalogue import TABLE1, all_entries

    rows = []
    for e in all_entries(args.kind):
        X = e.score()
        rows.append({"slug": e.slug, "name": e.name, "kind": e.kind, "aliases": list(e.aliases),
                     "formula": str(X.expr), "domain": [str(c) for c in X.conditions],
                     "table1": e.slug in TABLE1, "source": e.source})
    if args.json:
        emit_json({"verdict": "listed", "scores": rows})
    else:
        for r in rows:
            alias = f" ({', '.join(r['aliases'])})" if r["aliases"] else ""
            print(f"{r['slug']:<28} {r['name']}{alias}")
        print(f"{len(rows)} scores")
    return EXIT_OK


def _verdict_exit(verdicts) -> int:
    from ordertheory.engine.result import Verdict

    return exit_code(Verdict.conjunction(verdicts))


def cmd_check(args) -> int:
    """Tests 1–3, domain closure and Theorem 2's condition for each score given; one report each."""
    from ordertheory.encoding import smtlib
    from ordertheory.engine.result import Verdict
    from ordertheory.theory.bounded_check import check_score_within

    t0 = time.perf_counter()  # building a k-class score is sympy work too (GPS on 5 classes: 6 s): on the clock
    deadline = t0 + args.timeout  # --timeout bounds the whole command: the scores share it
    space, Pi = _performance_set(args)
    scores = [(text.strip(), _score_from(text, space)) for text in args.expr]  # bad input fails before any work
    reports = []

    def progress(test: str) -> None:  # past two seconds, say what is being decided
        if time.perf_counter() - t0 > 2:
            print(f"[check {text}] {test} … ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)

    for i, (text, X) in enumerate(scores):
        left = max(0.0, deadline - time.perf_counter()) / (len(scores) - i)
        rep = check_score_within(X, Pi, timeout=left, progress=progress)  # stopped at its deadline
        reports.append((text, X, rep))
        if args.smt_dir:
            for r in rep.tests.values():
                for qid, smt in r.certificate:
                    smtlib.write(Path(args.smt_dir), f"{X.name}.{Pi.label}.{qid}", smt)
        if not args.json:
            if i:
                print()
            print(_report_text(text, X, rep))
    overall = Verdict.conjunction(rep.verdict for _, _, rep in reports)
    if args.json:
        docs = [{**rep.to_json(), "score": text, "formula": str(X.expr)} for text, X, rep in reports]
        fit = {Verdict.PROVED: True, Verdict.REFUTED: False}.get(overall)
        if len(docs) == 1:
            emit_json(docs[0])
        else:
            emit_json({"verdict": overall.value, "fit_for_ranking": fit, "space": space.name, "Pi": Pi.label,
                       "reports": docs})
    return exit_code(overall)


def _report_text(text: str, X, rep) -> str:
    """A report as printed: the score as typed (and its formula when the text was a name or was
    rewritten), then the tests."""
    lines = str(rep).splitlines()
    lines[0] = f"score: {text}"
    if text.strip() != str(X.expr):
        lines.insert(1, f"formula: {X.expr}")
    return "\n".join(lines)


def _importance_set(args):
    """Π for ``importance``: a numeric prior, or a symbolic one (--prior p)."""
    import sympy

    from ordertheory.performance_set import Constraint, PerformanceSet
    from ordertheory.sample_space import from_name

    if args.prior is not None and args.prior.strip().isidentifier():
        space = from_name(args.space)
        if not space.is_binary:
            raise OrderTheoryError("a symbolic prior needs the binary space")
        name = args.prior.strip()
        if name not in ("p", "prior", "pi_pos"):
            raise OrderTheoryError(f"expected a symbolic prior named p, prior or pi_pos but got {name!r}")
        p = sympy.Symbol(name, positive=True)
        fn, tp = (sympy.Symbol(o, real=True, nonnegative=True) for o in ("fn", "tp"))
        return space, PerformanceSet(space, (Constraint(fn + tp - p, "==", f"fn + tp == {name}"),), f"prior={name}")
    return _performance_set(args)


def cmd_importance(args) -> int:
    from ordertheory.analyses.importance import derive_importance

    space, Pi = _importance_set(args)
    X = _score_from(args.expr, space)
    d = derive_importance(X, Pi, timeout=args.timeout)
    code = {"ranking_score": EXIT_OK, "monotone_transform": EXIT_OK, "constant": EXIT_OK,
            "none": EXIT_REFUTED}.get(d.kind.value, EXIT_UNKNOWN)
    if args.json:
        emit_json({"verdict": {EXIT_OK: "proved", EXIT_REFUTED: "refuted"}.get(code, "unknown"),
                   **d.to_json(), "score": args.expr})
    else:
        for line in d.steps:
            print(line)
        where = {"differs": " on dom(X) ∩ Π only (the domains differ on Π)",
                 "unknown": " on dom(X) ∩ dom(R_I) ∩ Π (whether the domains agree on Π is undecided)"}
        print(f"kind: {d.kind}" + where.get((d.domain or {}).get("status"), "")
              + (f" ({d.reason})" if d.reason and d.kind != "constant" else ""))
        if d.importance:
            print("importance: " + ", ".join(f"I({o}) = {v}" for o, v in d.importance.items()))
        if d.transform is not None:
            print(f"transform: X = g(R_I) with g(r) = {d.transform}" + (f", {d.monotone}" if d.monotone else ""))
        if d.tile:
            print(f"Tile position: a = {d.tile['a']}, b = {d.tile['b']}")
    return code


def cmd_claims(args) -> int:
    from ordertheory.engine.result import Verdict
    from ordertheory.paper.claims import check_a6_claims, check_properties

    with heartbeat("claims: deciding the paper's printed claims"):
        results = check_a6_claims() + check_properties()
    overall = Verdict.conjunction(r.verdict for r in results)
    if args.json:
        emit_json({"verdict": overall.value, "claims": [r.to_json() for r in results]})
    else:
        for r in results:
            print(f"{r.id:<34} {r.verdict.value.upper():<8} {r.statement}")
            if r.refuted:
                print(f"{'':<43}counterexample: {r.witness}")
                print(f"{'':<43}corrected: {r.corrected}")
        count = {v: sum(r.verdict is v for r in results) for v in Verdict}
        print(f"{len(results)} claims: {count[Verdict.PROVED]} proved, "
              f"{count[Verdict.REFUTED]} printed claims wrong (corrected above), {count[Verdict.UNKNOWN]} unknown")
    return exit_code(overall)


def cmd_table1(args) -> int:
    from ordertheory.encoding import smtlib
    from ordertheory.paper.table1 import SETTINGS, run_table1

    t0 = time.perf_counter()
    scores = args.scores.split(",") if args.scores else None
    if scores:
        from ordertheory.catalogue import get

        scores = [get(s).slug for s in scores]
    kwargs = {"scores": scores} if scores else {}
    cells = run_table1(settings=SETTINGS, timeout=args.timeout, jobs=args.jobs,
                       progress=not args.quiet, tau=not args.no_tau, scheduler=args.scheduler, **kwargs)
    if args.smt_dir:
        for c in cells:
            for r in c.report.tests.values():
                for qid, text in r.certificate:
                    smtlib.write(Path(args.smt_dir), f"table1.{c.score}.{c.setting}.{qid}", text)
    from ordertheory.engine.result import Verdict

    overall = Verdict.conjunction(c.report.tests[t].verdict for c in cells for t in ("test1", "test2", "test3"))
    if args.json:
        emit_json({"verdict": overall.value, "tau_protocol": "tile", "cells": [
            {**c.to_json(full=args.details),
             **({"tau_min_at": c.tau.argmin, "tau_max_at": c.tau.argmax} if c.tau is not None else {})}
            for c in cells]})
    else:
        mark = {"proved": "V", "refuted": "X", "unknown": "?"}
        width = 14 if args.no_tau else 30
        print(f"{'score':<26}" + "".join(f"{s:^{width}}" for s in SETTINGS))
        rows: dict[str, dict[str, str]] = {}
        for c in cells:
            text = " ".join(mark[c.report.tests[t].verdict.label] for t in ("test1", "test2", "test3"))
            if c.tau is not None:
                tm, tx = c.tau.tau_min, c.tau.tau_max
                text += f"  {tm:+.2f}{'†' if c.tau.tau_min_exact else ' '} {tx:+.2f}{'†' if c.tau.tau_max_exact else ' '}"
            rows.setdefault(c.score, {})[c.setting] = text
        for score, by in rows.items():
            print(f"{score:<26}" + "".join(f"{by.get(s, ''):^{width}}" for s in SETTINGS))
        print("legend: three marks per setting for tests 1, 2, 3 — V proved, X refuted (an exact witness: "
              "`ordertheory check SCORE --prior P`), ? unknown")
        if not args.no_tau:
            print("τ columns: τ_min τ_max (floats from the optimiser, protocol 'tile': special points such as "
                  "(1/2, 1/2) evaluated as they are, ties exact for rational scores; † exact, from a derived "
                  "monotone relation; `ordertheory tau SCORE --protocol generic` for points shifted off ties)")
        counts = {"proved": 0, "refuted": 0, "unknown": 0}
        for c in cells:
            for t in ("test1", "test2", "test3"):
                counts[c.report.tests[t].verdict.label] += 1
        print(f"{3 * len(cells)} test cells: {counts['proved']} proved, {counts['refuted']} refuted "
              f"(each with an exact witness), {counts['unknown']} unknown — {time.perf_counter() - t0:.1f} s")
    # Table 1 lists refutations as results, not failures: exit 3 only when a cell stayed unknown.
    return EXIT_UNKNOWN if overall is Verdict.UNKNOWN else EXIT_OK


def cmd_tau(args) -> int:
    from fractions import Fraction

    from ordertheory.analyses.tau import tau_range

    space, Pi = _performance_set(args)
    X = _score_from(args.expr, space)
    try:
        step = Fraction(args.step)
    except (ValueError, ZeroDivisionError):
        raise OrderTheoryError(f"expected a step like 1/32 but got {args.step!r}") from None
    if step <= 0 or step > Fraction(1, 2) or step.numerator != 1 or step.denominator > 200:
        raise OrderTheoryError(f"expected a step 1/m with 2 <= m <= 200 but got {args.step}")
    if not 2 <= args.points <= 401:  # 401² = 160801 performances: the grid's size stays bounded
        raise OrderTheoryError(f"expected --points between 2 and 401 but got {args.points}")
    with heartbeat(f"tau {args.expr}: searching the ranking scores for τ_min and τ_max"):
        r = tau_range(X, Pi, step=step, points=args.points, protocol=args.protocol)
    if args.json:
        emit_json({"verdict": "numeric", "score": args.expr, "Pi": Pi.label, **r.to_json()})
    else:
        mark = lambda e: " (exact: a derived monotone relation)" if e else " (numeric)"
        print(f"τ_min = {r.tau_min:+.4f}{mark(r.tau_min_exact)} at {r.argmin}")
        print(f"τ_max = {r.tau_max:+.4f}{mark(r.tau_max_exact)} at {r.argmax}")
        print(f"{r.points} performances on the grid, {r.evaluations} τ evaluations, protocol {r.protocol}, "
              + ("ties decided exactly" if r.exact_ties else "ties by rounding to 10 digits (the score is not rational)"))
    return EXIT_OK


def cmd_paper(args) -> int:
    if args.only:  # one score's checked derivations, to paste into a paper
        from ordertheory.reports.derivations import only

        md, tex, n = only(args.only, timeout=min(args.timeout, 20.0))
        if args.out is None:
            print(md + "\n" + tex, end="")
        else:
            Path(args.out).mkdir(parents=True, exist_ok=True)
            stem = Path(args.out) / ("derivation_" + "".join(c if c.isalnum() or c in "._-" else "_" for c in args.only))
            Path(f"{stem}.md").write_text(md)
            Path(f"{stem}.tex").write_text(tex)
            print(f"written to {args.out}: {stem.name}.md, {stem.name}.tex ({n} derivations)")
        return EXIT_OK if n else EXIT_REFUTED
    args.out = args.out or "build/paper"
    from ordertheory.reports.paper import run_paper

    scores = None
    if args.scores:
        from ordertheory.catalogue import get

        scores = [get(x).slug for x in args.scores.split(",")]
    s = run_paper(Path(args.out), jobs=args.jobs, timeout=args.timeout, progress=not args.quiet,
                  table1_scores=scores, scheduler=args.scheduler)
    print(f"{s['line']} — {s['seconds']:.0f} s")
    print(f"written to {args.out}: supplementary.md, supplementary.tex, table1.md/.csv/.json, proofs/, timings.json")
    return EXIT_UNKNOWN if s["unknown"] else EXIT_OK


def cmd_explain(args) -> int:
    from ordertheory.reports.explain import explain

    print(explain(args.kind, args.n))
    return EXIT_OK


def cmd_lemmas(args) -> int:
    from ordertheory.encoding import smtlib
    from ordertheory.theory.lemmas import STATEMENTS, check_lemmas, obligation

    results = check_lemmas(args.timeout)
    if args.smt_dir:
        for st in STATEMENTS:
            ob = obligation(st)
            smtlib.write(Path(args.smt_dir), ob.id, ob.smtlib())
    if args.json:
        from ordertheory.engine.result import Verdict

        emit_json({"verdict": Verdict.conjunction(r.verdict for r in results).value,
                   "lemmas": [r.to_json() for r in results]})
    else:
        for r in results:
            needs = ", ".join(r.needs) or "nothing"
            lean = f" [{r.mathlib}]" if r.mathlib else ""
            print(f"{r.id:<18} {r.verdict.label.upper():<8} {r.result.seconds * 1000:7.1f} ms  "
                  f"{r.text}{lean}  — needs: {needs}")
    return _verdict_exit([r.verdict for r in results])


def cmd_cases(args) -> int:
    from ordertheory.engine.result import Verdict
    from ordertheory.paper.printed_claims import compare_with_paper
    from ordertheory.theory.cases import derive_cases

    t0 = time.perf_counter()
    cases = derive_cases(args.timeout)
    possible = [c for c in cases if c.possible]
    diffs = compare_with_paper(cases)
    if args.json:
        emit_json({"verdict": "unknown" if any(c.verdict is Verdict.UNKNOWN for c in cases)
                   else "proved" if not diffs else "refuted",
                   "cases": [{"index": i, "ab": c.relations[0].value, "bc": c.relations[1].value,
                              "ac": c.relations[2].value} for i, c in enumerate(possible, 1)]})
    else:
        for i, c in enumerate(possible, 1):
            ab, bc, ac = (r.symbol for r in c.relations)
            print(f"{i:>2}. P_a {ab} P_b,  P_b {bc} P_c,  P_a {ac} P_c")
        print(f"{len(possible)} of {len(cases)} assignments possible under transitivity, "
              f"{len(cases) - len(possible)} proved impossible — {time.perf_counter() - t0:.2f} s")
        print("matches the paper's list (A.2.3)" if not diffs else "DIFFERS from the paper: " + "; ".join(diffs))
    if any(c.verdict is Verdict.UNKNOWN for c in cases):
        return EXIT_UNKNOWN
    return EXIT_OK if not diffs else EXIT_REFUTED


def cmd_preorders(args) -> int:
    from ordertheory.theory.preorders import count_preorders

    t0 = time.perf_counter()
    n = count_preorders(args.n)
    dt = time.perf_counter() - t0
    if args.json:
        emit_json({"verdict": "computed", "n": args.n, "preorders": n, "seconds": round(dt, 4)})
    else:
        print(f"{n} preorders on {args.n} labelled elements ({dt:.3f} s)")
    return EXIT_OK


def cmd_replay(args) -> int:
    from ordertheory.encoding.smtlib import available_solvers, replay_directory

    d = Path(args.dir)
    if not d.is_dir():
        raise OrderTheoryError(f"no such directory: {d}")
    solvers = args.solvers.split(",") if args.solvers else available_solvers()
    for s in solvers:
        if s not in ("z3", "cvc5"):
            raise OrderTheoryError(f"unknown solver {s!r}; expected z3 or cvc5")
    if "cvc5" in solvers and "cvc5" not in available_solvers():
        raise OrderTheoryError("cvc5 is not installed; pip install 'ordertheory[crosscheck]'")
    from ordertheory.cli._leaderboard import Progress

    replays = replay_directory(d, args.timeout, solvers=solvers, jobs=args.jobs, cvc5_timeout=args.cvc5_timeout,
                               progress=Progress("replay"))
    if not replays:
        raise OrderTheoryError(f"no .smt2 files below {d}")
    bad = [r for r in replays if not r.agreed]
    for r in replays if args.verbose else bad:
        how = "; ".join(v for s, v in r.via.items() if r.answers.get(s) in ("sat", "unsat"))
        print(f"{'DISAGREEMENT' if not r.agreed else 'ok':<13} {r.path} expected {r.expected}: {r.answers}"
              + (f" ({how})" if how else ""))
    from ordertheory.encoding.smtlib import incomplete_groups

    missing = incomplete_groups(Path(r.path).read_text() for r in replays)
    for group, parts in missing.items():  # a proof in parts with a part removed proves nothing
        print(f"INCOMPLETE    {group}: part(s) {', '.join(map(str, parts))} missing")
    per = {s: sum(1 for r in replays if r.answers.get(s) == r.expected) for s in solvers}
    print(f"{len(replays)} certificates replayed: " + ", ".join(f"{s} confirmed {n}" for s, n in per.items())
          + f"; {len(bad)} disagreements")
    if bad:
        print("DISAGREEMENT between a solver and a certificate — investigate!", file=sys.stderr)
        return EXIT_REFUTED
    return EXIT_OK if per.get("z3") == len(replays) and not missing else EXIT_UNKNOWN


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ordertheory", description="Machine-checked performance-based ranking.",
                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"ordertheory {package_version()}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    s = sub.add_parser("scores", help="list the catalogue of named scores")
    s.add_argument("--kind", choices=["binary", "multiclass"])
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_scores)

    s = sub.add_parser("check", help="may this score rank? tests 1–3 with proofs or exact counterexamples",
                       epilog=EPILOG + "\n\nJSON (one score): {ordertheory_version, score (as typed), formula, space, Pi, constraints, "
                       "domain, verdict, fit_for_ranking, test1, test2, test3, theorem2_condition, domain_closed}; "
                       "each test {verdict, witness, reason, method, seconds}. Several scores: {ordertheory_version, "
                       "verdict, fit_for_ranking, space, Pi, reports: [...]}; the exit code is the worst.",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("expr", nargs="+", metavar="SCORE",
                   help="one or more scores: formulas such as '2*tp/(2*tp+fp+fn)' or catalogue slugs (f1 mcc ...)")
    s.add_argument("--space", default="binary", help="binary (default), multiclass:K or ordinal:K")
    s.add_argument("--satisfaction", help="file with a k × k matrix of rationals S(y=i, ŷ=j) (k classes)")
    s.add_argument("--prior", help="fixed positive prior P (binary) or comma-separated class priors")
    s.add_argument("--constraint", action="append", default=[], help="linear constraint, e.g. 'tp+fn==1/5'")
    s.add_argument("--timeout", type=seconds, default=60.0,
                   help="seconds for the whole command (default 60); what it does not settle is unknown")
    s.add_argument("--smt-dir", help="write the SMT-LIB certificates of the proofs into this folder")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_check)

    s = sub.add_parser("table1", help="Table 1: three tests and τ_min, τ_max for 27 scores in 3 settings",
                       epilog="JSON: a list of {score, setting, test1, test2, test3} (+ tau_min, tau_max, "
                       "tau_min_exact, tau_max_exact without --no-tau).")
    s.add_argument("--no-tau", action="store_true", help="skip the τ columns")
    s.add_argument("--json", action="store_true")
    s.add_argument("--details", action="store_true", help="with --json: witnesses and reasons")
    s.add_argument("--timeout", type=seconds, default=30.0)
    s.add_argument("--jobs", type=int, default=None, help="parallel cells (default: all cores)")
    s.add_argument("--scores", help="comma-separated subset of slugs")
    s.add_argument("--smt-dir", help="write the SMT-LIB certificates into this folder")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    add_run_options(s)
    s.set_defaults(func=cmd_table1)

    s = sub.add_parser("importance", help="which importance does this score encode? (derived with sympy)",
                       epilog="JSON: {score, constraints, kind, importance, transform, monotone, tile, reason, domain}; "
                       "kind is ranking_score | monotone_transform | constant | none | unknown (plus ordertheory_version and "
                       "verdict: proved when an importance or a constant was derived). Exit 0 when an "
                       "importance (or a constant) was derived, 1 for none, 3 for unknown.")
    s.add_argument("expr", help="a formula or a catalogue slug")
    s.add_argument("--space", default="binary", help="binary (default), multiclass:K or ordinal:K")
    s.add_argument("--satisfaction", help="file with a k × k matrix of rationals S(y=i, ŷ=j) (k classes)")
    s.add_argument("--prior", help="a fixed prior P, or a name (p) for a symbolic prior")
    s.add_argument("--constraint", action="append", default=[])
    s.add_argument("--timeout", type=seconds, default=20.0)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_importance)

    s = sub.add_parser("tau", help="τ_min and τ_max: Kendall's τ between the score and the ranking scores",
                       epilog="JSON: {tau_min, tau_max, tau_min_exact, tau_max_exact, tau_min_at, tau_max_at, protocol, "
                       "exact_ties, points}. Floats are numeric; *_exact marks ±1 or 0 proved by the importance "
                       "derivation. Protocol tile evaluates special points such as (1/2, 1/2) as they are (ties "
                       "included: larger τ there); generic evaluates every point shifted off ties by ~1e-7.")
    s.add_argument("expr")
    s.add_argument("--space", default="binary")
    s.add_argument("--prior", help="fixed positive prior (grid of 81 × 81 (TPR, TNR) values)")
    s.add_argument("--constraint", action="append", default=[])
    s.add_argument("--step", default="1/32", help="simplex grid step (default 1/32: 6545 performances)")
    s.add_argument("--points", type=int, default=81, help="(TPR, TNR) values per axis at a fixed prior")
    s.add_argument("--protocol", choices=["tile", "generic"], default="tile",
                   help="tile (default, Table 1's): points as they are; generic: shifted off ties")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_tau)

    s = sub.add_parser("claims", help="check the paper's printed claims (A.6) and Properties 1–7")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_claims)

    s = sub.add_parser("paper", help="the main job: regenerate the paper's supplementary material",
                       epilog="Writes supplementary.md/.tex, table1.md/.csv/.json, proofs/*.smt2 with "
                       "certificates.json, and timings.json. Exit 0 when nothing stayed unknown (refuted "
                       "printed claims are reported, not failures), 3 otherwise.")
    s.add_argument("--out", default=None, help="output folder (default build/paper; with --only: stdout)")
    s.add_argument("--only", metavar="SCORE", help="print one score's checked derivations (Markdown, then a "
                   "LaTeX document) in Table 1's settings; exit 1 when no importance is derived")
    s.add_argument("--jobs", type=int, default=None, help="parallel processes (default: all cores)")
    s.add_argument("--timeout", type=seconds, default=60.0, help="seconds per solver query")
    s.add_argument("--scores", help="comma-separated subset of Table 1 (for quick runs)")
    s.add_argument("--quiet", action="store_true")
    add_run_options(s)
    s.set_defaults(func=cmd_paper)

    s = sub.add_parser("explain", help="statement, status and explanation: explain case 13 | lemma 7 | axiom 2 | tile 3")
    s.add_argument("kind", choices=["case", "lemma", "axiom", "tile"])
    s.add_argument("n", type=int)
    s.set_defaults(func=cmd_explain)

    s = sub.add_parser("lemmas", help="Lemmas 1–12, rules (7)–(14) and the trichotomy, proved by z3")
    s.add_argument("--json", action="store_true")
    s.add_argument("--timeout", type=seconds, default=10.0)
    s.add_argument("--smt-dir", help="write the SMT-LIB certificates into this folder")
    s.set_defaults(func=cmd_lemmas)

    s = sub.add_parser("cases", help="the 29 possible cases for three performances (A.2.3)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--timeout", type=seconds, default=10.0)
    s.set_defaults(func=cmd_cases)

    s = sub.add_parser("preorders", help="count the preorders on N labelled elements (N ≤ 7)")
    s.add_argument("n", type=int)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_preorders)

    s = sub.add_parser("replay", help="re-check SMT-LIB certificates with z3 (and cvc5 when installed)")
    s.add_argument("dir")
    s.add_argument("--timeout", type=seconds, default=120.0,
                   help="seconds per certificate and solver (default 120: the 3-class A.5.1 one needs ~50 s)")
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--solvers", help="comma-separated: z3,cvc5 (default: every installed one)")
    s.add_argument("--cvc5-timeout", type=seconds, default=20.0,
                   help="seconds per certificate for cvc5, shared by its configurations (default 20; "
                        "unknown past it, never a proof)")
    s.add_argument("--verbose", action="store_true")
    s.set_defaults(func=cmd_replay)

    for name in COMMAND_MODULES:  # commands that live in their own module: ordertheory/cli/<name>.py
        importlib.import_module(f"ordertheory.cli.{name}").register(sub)
    return p


def _negative_expressions(argv: list[str]) -> list[str]:
    """A leading space keeps argparse from reading an expression such as ``-(2*tp/(tp+fn))`` as an
    option: a single-dash word other than ``-h`` is always an expression here (no short options)."""
    return [f" {a}" if a.startswith("-") and not a.startswith("--") and a != "-h" and len(a) > 1 else a
            for a in argv]


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code (so that tests can call it)."""
    parser = build_parser()
    args = None
    try:
        args = parser.parse_args(_negative_expressions(sys.argv[1:] if argv is None else argv))
        if getattr(args, "no_cache", False):  # inherited by every process the command starts
            with no_cache():
                return args.func(args)
        return args.func(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    except ResourceLimit as exc:  # a valid question past a resource guard: unknown, with the reason
        if getattr(args, "json", False):
            emit_json({"verdict": "unknown", "reason": str(exc)})
        print(f"unknown: {exc}", file=sys.stderr)
        return EXIT_UNKNOWN
    except OrderTheoryError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into head & co.
        sys.stderr.close()
        return EXIT_OK
    except Exception as exc:  # a bug: one line, the traceback only on request
        if os.environ.get("ORDERTHEORY_DEBUG"):
            raise
        print(f"internal error: {type(exc).__name__}: {exc} (set ORDERTHEORY_DEBUG=1 for the traceback)",
              file=sys.stderr)
        return EXIT_INTERNAL
