"""``ordertheory paper``: the main job: the paper's supplementary material regenerated (or one score's derivations)."""

from __future__ import annotations

from pathlib import Path

from ordertheory.cli.common import (
    SPACE_HELP,
    add_jobs,
    add_run_options,
    add_timeout,
    emit_json,
    exit_code,
    jobs,
    score_json,
    score_text,
    seconds,
    time_left,
)

ONLY = """one score, for a paper (--only SCORE):
  the importance derivation decides, on each setting, what the score is (the verdict of
  ordertheory importance there): the chain from its definition to g(R_I), the refuted test
  written up as derivations (exact values at the witness, the inequality they break), or the
  reason it stays unknown; every step checked by sympy. Settings: Table 1's three (all,
  prior=0.2, prior=0.5), or the one --prior P and/or --rate T give (a name, p or tau, keeps it
  symbolic). --format md (default) or tex: a LaTeX fragment to \\input (it needs amsmath);
  --standalone: a whole LaTeX document instead. --out FILE writes it to FILE (with tex, also
  FILE's stem + -standalone.tex, a document that \\inputs the fragment). Exit 0 when an
  importance (or a constant) is derived on every setting, 1 when one has none, 3 when one is unknown.

the whole job (no --only): writes supplementary.md/.tex, table1.md/.csv/.json, proofs/*.smt2 with
certificates.json, and timings.json into --out (default build/paper). Exit 0 when nothing stayed
unknown (refuted printed claims are reported, not failures), 3 otherwise."""


def register(subparsers) -> None:
    import argparse

    s = subparsers.add_parser("paper", help="the main job: regenerate the paper's supplementary material "
                              "(or one score's write-up: --only)", epilog=ONLY,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--out", default=None, help="output folder (default build/paper); with --only a file (default: stdout)")
    s.add_argument("--only", metavar="SCORE", type=score_text, help="one score's checked write-up (see below)")
    s.add_argument("--prior", help="with --only: the setting's fixed positive prior P (or p: symbolic)")
    s.add_argument("--rate", help="with --only: the setting's fixed rate of positive predictions T (or tau)")
    s.add_argument("--name", help="with --only: the score's name in the headings (default: the catalogue's, "
                   "else the formula)")
    s.add_argument("--format", choices=["md", "tex"], default="md", help="with --only: Markdown (default) or LaTeX")
    s.add_argument("--standalone", action="store_true", help="with --only --format tex: a whole document")
    s.add_argument("--space", default="binary", help="with --only: " + SPACE_HELP + "; beyond binary the settings "
                   "are all performances and uniform class priors, and the satisfaction a score encodes is derived too")
    add_jobs(s)
    s.add_argument("--query-timeout", type=seconds, default=60.0, metavar="T",
                   help="seconds per solver query (default 60; with --only, 20)")
    add_timeout(s, 7200.0)
    s.add_argument("--scores", help="comma-separated subset of Table 1 (for quick runs)")
    s.add_argument("--quiet", action="store_true")
    s.add_argument("--json", action="store_true", help="a summary as JSON on stdout")
    add_run_options(s)
    s.set_defaults(func=run)


def run(args) -> int:
    from ordertheory.engine.result import Verdict
    from ordertheory.errors import InvalidInput

    if args.only:
        return _only(args)
    if args.prior or args.rate or args.name or args.standalone or args.format != "md" or args.space != "binary":
        raise InvalidInput("--prior, --rate, --name, --format, --standalone and --space go with --only SCORE "
                           "(the paper job itself is the binary space's)")
    args.out = args.out or "build/paper"
    from ordertheory.reports.paper import run_paper

    scores = None
    if args.scores:
        from ordertheory.catalogue import get

        scores = [get(x).slug for x in args.scores.split(",")]
    s = run_paper(Path(args.out), jobs=jobs(args), timeout=args.query_timeout, progress=not args.quiet,
                  table1_scores=scores, scheduler=args.scheduler)
    verdict = Verdict.UNKNOWN if s["unknown"] else Verdict.PROVED  # refuted printed claims are results
    files = ["supplementary.md", "supplementary.tex", "table1.md", "table1.csv", "table1.json", "proofs/",
             "timings.json"]
    if args.json:
        emit_json({"verdict": verdict, "out": args.out, "files": files, "summary": s["line"], "coq": s["coq"],
                   "unknown": s["unknown"], "seconds": round(s["seconds"], 1)})
    else:
        print(f"{s['line']} — {s['seconds']:.0f} s")
        print(s["coq"])
        print(f"written to {args.out}: {', '.join(files)}")
    return exit_code(verdict)


def _only(args) -> int:
    """One score's write-up: Markdown, a LaTeX fragment or a standalone document."""
    if args.space != "binary":
        return _only_on(args)
    from ordertheory.reports.only import write_up
    from ordertheory.sets.settings import from_options
    from ordertheory.spaces.sample_space import binary

    given = args.prior or args.rate
    settings = [from_options(args.prior, args.rate, symbolic=True).performance_set(binary())] if given else None
    w = write_up(args.only, settings, name=args.name, timeout=min(args.query_timeout, 20.0, time_left(args)))
    if args.format == "md":
        text = w.markdown()
    else:
        text = w.latex_document() if args.standalone else w.latex()
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
        written = [str(out)]
        if args.format == "tex" and not args.standalone:
            doc = out.with_name(out.stem + "-standalone.tex")
            doc.write_text(w.latex_document(out.stem))
            written.append(str(doc))
    if args.json:
        emit_json({"verdict": w.verdict, **w.to_json(), "format": args.format,
                   **({"files": written} if args.out else {"text": text})})
    elif args.out:
        print(f"written to {' and '.join(written)}: {w.name}, "
              + "; ".join(f"Π = {s.Pi}: {s.kind.value} ({len(s.derivations)} derivations)" for s in w.sections))
    else:
        print(text, end="")
    return exit_code(w.verdict)



def _only_on(args) -> int:
    """One score's derivations beyond the binary space (importance and encoded satisfaction)."""
    from ordertheory.catalogue import as_score
    from ordertheory.engine.result import Verdict
    from ordertheory.errors import InvalidInput
    from ordertheory.reports.space_derivations import only_on
    from ordertheory.spaces.sample_space import from_name

    if args.prior or args.rate:
        raise InvalidInput("--prior and --rate set the binary space's setting; beyond binary the settings are all "
                           "performances and uniform class priors")
    X = as_score(args.only, from_name(args.space))  # a bad score: a one-line error before the work
    budget = min(args.query_timeout, 20.0, time_left(args))
    md, tex, n = only_on(args.only, args.space, timeout=budget, standalone=args.standalone)
    text = md if args.format == "md" else tex
    verdict = Verdict.PROVED if n else Verdict.REFUTED  # no chain derived: neither an importance nor an S
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
    if args.json:
        emit_json({"verdict": verdict, **score_json(args.only, X), "name": args.name or X.name or X.text,
                   "space": args.space, "derivations": n, "format": args.format,
                   **({"files": [args.out]} if args.out else {"text": text})})
    elif args.out:
        print(f"written to {args.out}: {n} derivations")
    else:
        print(text, end="")
    return exit_code(verdict)
