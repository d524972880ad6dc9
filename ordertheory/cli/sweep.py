"""``ordertheory sweep``: check many scores in many spaces and sets Π, one JSON line each, resumable.

Every (score, space, Π) is an independent task on the executor (``--jobs N`` local processes, or
Dask with ``--scheduler``): the task returns texts only (verdicts, witnesses as text, SMT-LIB
certificates); this process appends one line per finished task to ``OUT/sweep.jsonl`` and writes
the certificates into ``OUT/proofs/``. Rerunning with the same ``--out`` skips every line already
there (a line cut by a kill is dropped), so a sweep stopped by ``--timeout`` or a crash resumes.
Lines come in completion order; each carries its own key (score, space, Pi).

The schema of a line is ``ordertheory/cli/schemas/sweep_line.json`` (JSON Schema, draft 2020-12);
``--schema`` prints it.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

from ordertheory.cli.common import (
    add_jobs,
    add_run_options,
    add_timeout,
    emit_json,
    exit_code,
    jobs,
    package_version,
    seconds,
    time_left,
)

EPILOG = """Each line of OUT/sweep.jsonl: {ordertheory_version, score, formula, space, Pi, verdict,
fit_for_ranking, tests: {test1, test2, test3, theorem2_condition, domain_closed: {verdict, method,
seconds, reason, witness}}, certificates: [{id, file, sha256}], seconds} (--schema prints the JSON Schema).
Priors: settings as Table 1 names them: 'all', 'prior=P' (binary: fn + tp = P; a bare P is short for it),
'priors=p1,...,pk' (k class priors), 'uniform' (every class prior 1/k); a setting that does not apply to a
space (a single prior on k classes) is skipped there. Scores: 'all' (the catalogue of each space), 'table1', or slugs.

exit codes: 0 every line decided, 2 bad input, 3 something unknown or not run within --timeout."""


def register(subparsers) -> None:
    s = subparsers.add_parser("sweep", help="check many scores × spaces × priors: one JSON line each, resumable",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--scores", default="all", help="'all' (default), 'table1' or comma-separated slugs")
    s.add_argument("--spaces", default="binary", help="comma-separated: binary, multiclass:K, multiclass:K..L")
    s.add_argument("--priors", default="all", help="comma-separated settings: all, uniform, prior=P (or P), rate=T, "
                   "priors=p1,...,pk (default all)")
    s.add_argument("--out", help="folder for sweep.jsonl and proofs/ (required unless --schema)")
    s.add_argument("--cell-timeout", type=seconds, default=30.0, metavar="T",
                   help="seconds per cell, a (score, space, Π) (default 30)")
    add_timeout(s, 3600.0)
    add_jobs(s)
    s.add_argument("--json", action="store_true", help="a summary as JSON on stdout (the lines go to OUT/sweep.jsonl)")
    s.add_argument("--quiet", action="store_true")
    s.add_argument("--schema", action="store_true", help="print the JSON Schema of a line and exit")
    add_run_options(s)
    s.set_defaults(func=run)


# --- the plan ----------------------------------------------------------------------------------------
def expand_spaces(text: str) -> list[str]:
    """'binary,multiclass:3..5' -> ['binary', 'multiclass:3', 'multiclass:4', 'multiclass:5']."""
    from ordertheory.errors import InvalidInput

    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        m = re.fullmatch(r"multiclass:(\d{1,2})\.\.(\d{1,2})", part)
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            if not 2 <= lo <= hi:
                raise InvalidInput(f"expected a range multiclass:K..L with 2 <= K <= L but got {part!r}")
            out += [f"multiclass:{k}" for k in range(lo, hi + 1)]
        elif part == "binary" or re.fullmatch(r"multiclass:\d{1,2}", part):
            out.append(part)
        else:
            raise InvalidInput(f"expected binary, multiclass:K or multiclass:K..L but got {part!r}")
    if not out:
        raise InvalidInput("expected at least one space in --spaces")
    return list(dict.fromkeys(out))


def plan(scores: str, spaces: list[str], priors: str) -> list[tuple[str, str, str]]:
    """Every (slug, space, setting) to check, in a fixed order; a setting that does not apply to a
    space (a single prior on k classes) is skipped there."""
    from ordertheory.catalogue import TABLE1, all_entries, get
    from ordertheory.sets.settings import parse_settings
    from ordertheory.spaces.sample_space import from_name

    settings = parse_settings(priors)
    wanted = None if scores in ("all", "table1") else [get(s).slug for s in scores.split(",") if s.strip()]
    out = []
    for sp in spaces:
        kind = "binary" if sp == "binary" else "multiclass"
        if wanted is not None:
            slugs = [s for s in wanted if get(s).kind == kind]
        elif scores == "table1":
            slugs = list(TABLE1) if kind == "binary" else []
        else:
            slugs = [e.slug for e in all_entries(kind)]
        space = from_name(sp)
        for slug in slugs:
            out += [(slug, sp, str(st)) for st in settings if st.applies_to(space)]
    return out


def check_one(slug: str, space_name: str, setting: str, per_check: float) -> dict:
    """The task: one line (texts and numbers only; certificates as ``(id, text)`` under '_smt')."""
    from ordertheory.engine.witness import Witness
    from ordertheory.fitness.runner import decide_cell
    from ordertheory.sets.settings import Setting
    from ordertheory.spaces.sample_space import from_name

    t0 = time.perf_counter()
    st = Setting.parse(setting)
    line = {"ordertheory_version": package_version(), "score": slug, "space": space_name,
            "Pi": st.label(from_name(space_name))}
    try:
        line["formula"] = str(get_score(slug, space_name).expr)
        rep = decide_cell(slug, st, space_name, per_check).report
    except Exception as exc:  # a score that cannot be checked here: an unknown line with the reason
        line.update({"verdict": "unknown", "fit_for_ranking": None, "tests": {}, "certificates": [],
                     "seconds": round(time.perf_counter() - t0, 3), "error": f"{type(exc).__name__}: {exc}",
                     "_smt": []})
        return line
    tests, smt = {}, []
    for t, r in rep.tests.items():
        tests[t] = {"verdict": r.verdict.value, "method": r.method, "seconds": round(r.seconds, 3),
                    "reason": r.reason,
                    "witness": r.witness.lines() if isinstance(r.witness, Witness) else None}
        smt += [(f"{t}.{qid}", text) for qid, text in r.certificate]
    line.update({"verdict": rep.verdict.value, "fit_for_ranking": rep.fit_for_ranking, "tests": tests,
                 "certificates": [], "seconds": round(time.perf_counter() - t0, 3), "_smt": smt})
    return line


def get_score(slug: str, space_name: str):
    from ordertheory.catalogue import get
    from ordertheory.spaces.sample_space import from_name

    return get(slug).score(from_name(space_name))


# --- output ------------------------------------------------------------------------------------------
def _key(line: dict) -> tuple[str, str, str]:
    return line["score"], line["space"], line["Pi"]


def read_done(path: Path) -> dict[tuple[str, str, str], dict]:
    """The lines already written (a last line cut by a kill is removed from the file)."""
    if not path.exists():
        return {}
    raw = path.read_bytes()
    if raw and not raw.endswith(b"\n"):  # a write interrupted mid-line: drop the fragment
        raw = raw[: raw.rfind(b"\n") + 1]
        path.write_bytes(raw)
    done = {}
    for text in raw.decode().splitlines():
        try:
            line = json.loads(text)
            done[_key(line)] = line
        except (ValueError, KeyError, TypeError):
            continue
    return done


def _label(slug: str, space: str, setting: str) -> tuple[str, str, str]:
    """The key a task will have: its Π's label ('all', 'prior=0.2', 'uniform', 'priors=…')."""
    from ordertheory.sets.settings import Setting
    from ordertheory.spaces.sample_space import from_name

    return slug, space, Setting.parse(setting).label(from_name(space))


def run(args) -> int:
    from concurrent.futures import FIRST_COMPLETED, wait

    from ordertheory.encoding import smtlib
    from ordertheory.engine.executor import InlineExecutor, executor
    from ordertheory.engine.result import Verdict
    from ordertheory.errors import InvalidInput

    if args.schema:
        from ordertheory.cli.schemas import schema

        print(json.dumps(schema("sweep_line"), indent=2, ensure_ascii=False))
        return 0
    if not args.out:
        raise InvalidInput("expected --out DIR (where sweep.jsonl is written)")
    deadline = time.monotonic() + time_left(args)  # --timeout bounds the whole command, start-up included
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "sweep.jsonl"
    done = read_done(path)
    todo, seen = [], set(done)
    for t in plan(args.scores, expand_spaces(args.spaces), args.priors):
        if _label(*t) not in seen:  # 0.5 and 'uniform' are one Π on the binary space
            seen.add(_label(*t))
            todo.append(t)
    progress = not args.quiet
    if progress:
        print(f"{len(done)} lines already in {path}; {len(todo)} to run", file=sys.stderr)
    written = unknown = 0

    def emit(f, line: dict) -> None:
        nonlocal written, unknown
        for qid, text in line.pop("_smt"):
            name = f"sweep.{line['score']}.{line['space']}.{line['Pi']}.{qid}"
            file = smtlib.write(out / "proofs", name, text)
            line["certificates"].append({"id": qid, "file": f"proofs/{file.name}", "sha256": smtlib.sha256(text)})
        f.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
        f.flush()
        written += 1
        unknown += Verdict(line["verdict"]) is Verdict.UNKNOWN
        if progress:
            print(f"[{written}/{len(todo)}] {line['score']} {line['space']} {line['Pi']}: {line['verdict']} "
                  f"({line['seconds']:.1f} s)", file=sys.stderr, flush=True)

    per_check = min(args.cell_timeout, time_left(args))  # a running check ends within its own budget
    with executor(jobs(args), args.scheduler) as ex, path.open("a") as f:
        if isinstance(ex, InlineExecutor):  # one at a time, the deadline checked between checks
            for t in todo:
                if time.monotonic() >= deadline:
                    break
                emit(f, check_one(*t, min(per_check, max(0.1, deadline - time.monotonic()))))
        else:
            futs = {ex.submit(check_one, *t, per_check): t for t in todo}
            pending = set(futs)
            while pending and time.monotonic() < deadline:
                finished, pending = wait(pending, timeout=deadline - time.monotonic(), return_when=FIRST_COMPLETED)
                for fut in sorted(finished, key=lambda x: todo.index(futs[x])):
                    emit(f, fut.result())
            for fut in pending:
                fut.cancel()
    left_over = len(todo) - written
    verdict = Verdict.UNKNOWN if unknown or left_over else Verdict.PROVED
    if args.json:
        emit_json({"verdict": verdict, "out": str(path), "written": written, "already_there": len(done),
                   "unknown": unknown, "not_run": left_over})
    else:
        print(f"{written} lines written to {path} ({len(done)} were there), {unknown} unknown"
              + (f"; {left_over} not run within --timeout: rerun to resume" if left_over else ""))
    return exit_code(verdict)
