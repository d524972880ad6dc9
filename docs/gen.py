"""Generate the reference pages and figures of the docs from the package itself.

Run by `make docs` (and by the slow docs test) before `mkdocs build --strict`. Nothing here is
typed by hand: the CLI page comes from --help, the catalogue from the registry and the checker,
the API page from docstrings, the figures from the package's own derivations and witnesses.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import os
import sys
import time
from pathlib import Path

import sympy

import ordertheory
from ordertheory.catalogue import all_entries
from ordertheory.cli import build_parser

DOCS = Path(__file__).resolve().parent
REF, FIG = DOCS / "reference", DOCS / "figures"
STDERR = sys.stderr  # progress goes here even while the pages' own noise is silenced


class Progress:
    """``make docs`` says what it is doing (issue 45: a fresh clone printed nothing for 20 minutes):
    a line when a phase starts, and within a long phase at most one line every ``every`` seconds.

    >>> say = Progress(every=3600.0, stream=io.StringIO())
    >>> say("catalogue"); say.step(1, 10, "f1"); say.step(2, 10, "mcc")
    >>> say.stream.getvalue().splitlines()[0].endswith("catalogue")
    True
    """

    def __init__(self, every: float = 10.0, stream=None) -> None:
        self.t0 = time.monotonic()
        self.every, self.last, self.stream = every, self.t0, stream

    def _print(self, text: str) -> None:
        print(f"[docs {time.monotonic() - self.t0:5.0f} s] {text}", file=self.stream or STDERR, flush=True)

    def __call__(self, phase: str) -> None:
        self.phase, self.last = phase, time.monotonic()
        self._print(phase)

    def step(self, done: int, total: int, what: str = "") -> None:
        if time.monotonic() - self.last >= self.every:
            self.last = time.monotonic()
            self._print(f"  {done}/{total} done" + (f", the last {what}" if what else ""))


SAY = Progress()


def cli_page() -> str:
    parser = build_parser()
    out = ["# Command line", "", "Generated from `ordertheory --help`.", "", "```text", parser.format_help(), "```", ""]
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, p in sub.choices.items():
        out += [f"## ordertheory {name}", "", "```text", p.format_help(), "```", ""]
    return "\n".join(out)


#: ORDERTHEORY_DOCS_QUICK=1 (the docs test): the pages from a representative sample of the
#: catalogue and of the claims; ``make docs`` classifies every entry and decides every claim
QUICK = os.environ.get("ORDERTHEORY_DOCS_QUICK") == "1"
#: the kinds of the scored, selective and decision spaces: listed on their own, not classified on two classes
SCORING_KINDS = ("scored", "selective", "decision", "thresholded")
SAMPLE = ("accuracy", "f_beta_1", "jaccard", "cohen_kappa", "mcc", "markedness", "error_rate", "yule_q", "hamann")
CLAIM_SAMPLE = ("sorbetto/jaccard_f1", "sorbetto/youden_j", "issue31/markedness_macro_precision",
                "powers/wracc_informedness", "chicco/mcc_f1")
SHORT = {"ranking score": "ranking", "increasing transform": "transform ↑", "decreasing transform": "loss ↓",
         "constant": "constant", "fit, no importance derived": "fit", "not fit": "not fit", "unknown": "?"}


def _cell_text(c) -> str:
    text = SHORT[c.category.value]
    if c.tile is not None and c.category.value != "not fit":
        text += f" ({c.tile['a']}, {c.tile['b']})"
    if c.category.value == "not fit":
        text += " " + ", ".join(t[-1] for t, r in c.tests.items() if t.startswith("test") and r.refuted)
    return text


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("$", "\\$")


def catalogue_page(jobs: int = 2) -> str:
    from ordertheory.analyses.classification import SETTINGS, classify_catalogue, counts, summarise
    from ordertheory.analyses.compare.equivalence import classes_markdown
    from ordertheory.spaces.sample_space import binary

    confusion = [e for e in all_entries() if e.kind not in SCORING_KINDS]
    entries = confusion if not QUICK else [e for e in confusion if e.slug in SAMPLE]
    slugs = [e.slug for e in entries]
    SAY(f"catalogue page: classifying {len(slugs)} entries in {len(SETTINGS)} settings ({jobs} processes)")
    done = []
    cells = classify_catalogue(slugs, SETTINGS, timeout=30 if QUICK else 60, jobs=jobs,
                               progress=lambda c: (done.append(c), SAY.step(len(done), len(slugs) * len(SETTINGS),
                                                                           f"{c.slug}, {c.setting}")))
    by = {(c.slug, c.setting): c for c in cells}
    summaries = {s.slug: s for s in summarise(cells)}
    n = counts(list(summaries.values()))
    out = ["# Catalogue", "",
           f"Generated from the registry: {len(all_entries())} entries ({len(all_entries('binary'))} two-class, "
           f"{len(all_entries('multiclass'))} k-class, {len(all_entries()) - len(confusion)} of the scored, "
           "selective and decision spaces), each with its source; the statistics of the sources that are "
           "not functions of a performance are on the [out-of-scope page](out-of-scope.md). "
           + ("This build classified a representative sample (ORDERTHEORY_DOCS_QUICK); `make docs` classifies "
              "every entry. " if QUICK else "")
           + "Every entry is classified on two classes (a k-class entry through its two-class form, class 1 "
             "positive) in four settings — all performances, the positive prior fixed at 0.2 and at 0.5, the rate "
             "of positive predictions fixed at 0.2 — by `ordertheory catalogue` (tests 1–3 with exact witnesses, "
             "the importance derivation with sympy), computed when these docs were built:", "",
           "- **ranking** (a, b): X = R_I on Π, at (a, b) on the Tile; **transform ↑**: X = g(R_I) with g strictly "
           "increasing; **loss ↓**: g strictly decreasing (X ranks like R_I reversed: lower is better); "
           "**constant** on Π; **fit**: tests 1–3 proved, no importance derived; **not fit** N: test N refuted "
           "(an exact witness); **?**: undecided within the budget (the open sub-case is in "
           "`ordertheory catalogue --json`).",
           "- the class of an entry: a ranking score or a transform of one on all performances (an importance "
           "derived); fit, no importance derived (tests 1–3 proved there); constant; fit only under a constraint "
           "(fixed priors or rates, named); not fit; unknown.", "",
           "Counts: " + ", ".join(f"{v} {k}" for k, v in n.items()) + f" (of {len(summaries)} entries classified).", "",
           "| slug | name | formula | " + " | ".join(SETTINGS) + " | class | source |",
           "|---|---|---|" + "---|" * len(SETTINGS) + "---|---|"]
    for e in entries:
        X = e.score(binary())
        latex = sympy.latex(X.expr).replace("|", r"\vert ")
        if len(latex) > 400:
            latex = r"\text{(long: see ordertheory scores --json)}"
        out.append(f"| `{e.slug}` | {_md(e.name)} | ${latex}$ | "
                   + " | ".join(_cell_text(by[e.slug, st]) for st in SETTINGS)
                   + f" | {summaries[e.slug].klass.value} | {_md(e.source)} |")
    out += ["", "## Importances, transforms and witnesses", ""]
    for e in entries:
        out.append(f"- `{e.slug}` — {summaries[e.slug].klass.value}"
                   + (f": {_md(summaries[e.slug].detail)}" if summaries[e.slug].detail else ""))
        for st in SETTINGS:
            out.append(f"    - {st}: {_md(by[e.slug, st].detail)}")
    out += ["", "## Conventions at zero denominators", "",
            "The domain of an entry is its formula's as written: where a denominator vanishes it is undefined. "
            "The sources' own conventions there:", "", "| slug | the source's convention |", "|---|---|"]
    out += [f"| `{e.slug}` | {_md(e.at_zero)} |" for e in entries if e.at_zero]
    out += ["", "## Equivalence classes", ""]
    results = []
    for st in SETTINGS:
        SAY(f"catalogue page: equivalence classes at {st}")
        results.append(_cached(_classes, (st, tuple(slugs), 120 if QUICK else 900)))
    out.append(classes_markdown(results, level=3))
    out += ["", "## Scores, abstentions and decisions", "",
            "On `scored:L` (two classes × L score levels), `selective:K` (K classes, may abstain) and, for the "
            "costs of decisions, the binary space too. `SLUG@ARG` takes a threshold (`f1@1/2`, any two-class "
            "score on `scored:L`), a coverage, p_t or a cost matrix.", "",
            "| slug | name | kind | lower is better | source |", "|---|---|---|---|---|"]
    for e in all_entries():
        if e.kind in SCORING_KINDS:
            out.append(f"| `{e.slug}` | {_md(e.name)} | {e.kind} | {'yes' if e.lower_is_better else ''} | {_md(e.source)} |")
    return "\n".join(out) + "\n"


def _classes(st: str, slugs: tuple[str, ...], budget: float):
    from ordertheory.analyses.compare.equivalence import catalogue_classes
    from ordertheory.sets.settings import setting
    from ordertheory.spaces.sample_space import binary

    return catalogue_classes(setting(binary(), st), list(slugs), timeout=10, budget=budget)


def _cached(fn, args: tuple):
    """``fn(*args)``, reused from the result cache when this very code computed it (nothing open)."""
    from ordertheory.engine import cache

    hit = cache.task_get(fn, args)
    if hit is not None:
        return hit[0]
    value = fn(*args)
    if not getattr(value, "open_pairs", ()):
        cache.task_put(fn, args, value)
    return value


def claims_page() -> str:
    from ordertheory.paper.literature import CLAIMS
    from ordertheory.paper.literature_check import check_literature

    claims = [c for c in CLAIMS if not QUICK or c.id in CLAIM_SAMPLE]
    SAY(f"claims page: deciding {len(claims)} published claims")
    done = []
    results = check_literature(claims, timeout=60, progress=lambda r: (done.append(r), SAY.step(len(done), len(claims),
                                                                                              r.id)))
    n = {v: sum(r.verdict.value == v for r in results) for v in ("proved", "refuted", "unknown")}
    out = ["# Published equivalence claims, decided", "",
           f"{len(results)} claims of the form \"X orders performances like Y under a constraint\" (sorbetto's "
           "placements on the Tile, Powers, the GPS papers, Chicco et al., the issue that asked for this page), "
           "transcribed as inputs in `ordertheory/paper/literature.py` and decided when these docs were built by "
           "`ordertheory compare X Y [--prior p | --rate tau]` (a symbolic p or τ: a proof for every value, or an "
           "exact witness at one) or, for \"some ranking score\", by `ordertheory importance`. "
           + ("This build decided a sample (ORDERTHEORY_DOCS_QUICK); `make docs` decides them all. " if QUICK else "")
           + f"Verdicts: {n['proved']} hold, {n['refuted']} are wrong as stated, {n['unknown']} undecided.", "",
           "| claim | statement | Π | verdict | how |", "|---|---|---|---|---|"]
    for c, r in zip(claims, results):
        how = r.method or (r.reason or "")
        out.append(f"| `{c.id}` | {_md(c.statement)} | {c.setting} | **{r.verdict.value}** | {_md(how)} |")
    out += ["", "## Sources, witnesses and corrections", ""]
    for c, r in zip(claims, results):
        out.append(f"- `{c.id}` — {_md(c.source)}; X = `{_md(c.X)}`" + (f", Y = `{_md(c.Y)}`" if c.Y else "")
                   + f", relation {c.relation}")
        if r.witness is not None:
            out.append(f"    - witness: {_md(str(r.witness))}")
        if r.corrected:
            out.append(f"    - corrected: {_md(r.corrected)}")
        if r.reason and r.verdict.value == "unknown":
            out.append(f"    - open: {_md(r.reason)}")
    return "\n".join(out) + "\n"


def api_page() -> str:
    """The API reference: mkdocstrings renders each public name from its docstring."""
    out = ["# Python API", "", "Rendered by mkdocstrings from the docstrings of `ordertheory.__all__`.", ""]
    for name in ordertheory.__all__:
        if name.startswith("__"):
            continue
        obj = getattr(ordertheory, name)
        module = getattr(obj, "__module__", None)
        qual = getattr(obj, "__qualname__", name)
        if module is None or not module.startswith("ordertheory") or "." in qual and not inspect.isclass(obj):
            target = f"ordertheory.{name}" if module is None else f"{module}.{qual}"
        else:
            target = f"{module}.{qual}"
        out += [f"## `{name}`", "", f"::: {target}", "    options:", "      show_root_heading: false",
                "      show_source: false", "      heading_level: 3", ""]
    return "\n".join(out)


def out_of_scope_page() -> str:
    from ordertheory.catalogue.excluded import EXCLUDED, Reason

    out = ["# Out of scope", "",
           "Statistics of the sources (PyCM, scikit-learn, torchmetrics) that are not functions of one performance "
           "on Ω = {tn, fp, fn, tp} (or on a k-class confusion Ω), each with its reason: a performance is a "
           "probability measure and forgets the number of samples n. A count formula that depends on n is shown "
           "with an exact pair of matrices C = (TP, FP, FN, TN) and 2·C where its value differs.", ""]
    for reason in Reason:
        group = [x for x in EXCLUDED if x.reason is reason]
        if not group:
            continue
        out += [f"## {reason.value[0].upper()}{reason.value[1:]}", ""]
        for x in group:
            w = x.witness()
            shown = "" if w is None else (f" — at C = ({', '.join(map(str, w[0]))}): {_num(w[1])}; at 2·C: {_num(w[2])}")
            out.append(f"- **{_md(x.name)}** ({_md(x.source)})" + (f": {_md(x.note)}" if x.note else "") + shown)
        out.append("")
    out += ["## In scope on a richer Ω", "",
            "ROC AUC, PR AUC, average precision, log loss, the Brier score, calibration, coverage and selective "
            "risk are in scope: they are functions of a performance once Ω records what the classifier outputs "
            "(`scored:L`, `selective:K`; see [my model outputs scores](../scores.md)). Still out of scope:", "",
            "- metrics of **multi-label** classification (Hamming loss, subset accuracy), whose Ω is a set of label "
            "sets;",
            "- **top-k accuracy** and scores that read a whole vector of class probabilities per sample (a "
            "multiclass Brier score), whose Ω would need one outcome per probability vector;",
            "- statistics of a **test set** rather than of a performance (DeLong's variance, McNemar's test, "
            "bootstrap intervals): see the rank-uncertainty tools.", ""]
    return "\n".join(out)


def _num(v) -> str:
    from fractions import Fraction

    return str(v) if isinstance(v, Fraction) else f"{float(v):.6g}"


def cases_figure() -> None:
    from ordertheory.reports.figures import cases_figure as draw
    from ordertheory.reports.figures import save_png
    from ordertheory.theory.cases import possible_cases

    save_png(draw(possible_cases()), FIG / "cases.png", dpi=80)


def mcc_figure() -> str:
    from ordertheory import check_score, fixed_prior, get_score
    from ordertheory.reports.figures import save_png, witness_figure
    from ordertheory.spaces.sample_space import binary

    X = get_score("mcc").score()
    rep = check_score(X, fixed_prior(binary(), "1/2"), timeout=20, tests=("test2",))
    w = rep.tests["test2"].witness
    save_png(witness_figure(X, w["P1"], w["P2"], w["lambda"], "MCC", "1/2"), FIG / "mcc_witness.png", dpi=90)
    return ", ".join(f"{k} = {v}" for k, v in w.items())


def tile_figures() -> None:
    """The winner map of the 74-model leaderboard (the sample of tests/data when the shared file is
    absent) with the negative-skill zones and the no-skill curve, drawn from the exact geometry."""
    shared = DOCS.parents[1] / "shared" / "data" / "semantic_segmentation_74_models.json"
    data = shared if shared.is_file() else DOCS.parent / "tests" / "data" / "leaderboard_sample.json"
    args = build_parser().parse_args(["tile", str(data), "--map", "winner", "--resolution", "301", "--skill",
                                      "--out", str(FIG / "tile_winner.png"), "--json"])
    with contextlib.redirect_stdout(io.StringIO()):
        args.func(args)


ROBUST_SAMPLES = 10_000  # the test pixels assumed behind the 74 models' probabilities (the file has no counts)


def robust_page() -> str:
    """The worked example of docs/robust.md on the 74-model leaderboard (the sample of tests/data when the shared
    file is absent): which pairs hold for every importance, which depend, the Hasse diagram and one pair's
    regions of the Tile, all computed here by ranking/robust (the code of rank --over-tile --uncertainty)."""
    from ordertheory.ranking import read_leaderboard
    from ordertheory.ranking.robust.dominance import Exact, exact_relations
    from ordertheory.ranking.robust.figures import draw_order, draw_regions
    from ordertheory.ranking.robust.regions import tile_regions
    from ordertheory.ranking.robust.report import robust_report
    from ordertheory.ranking.robust.robust_order import Relation
    from ordertheory.ranking.uncertainty.resample import Plan, Resampling

    shared = DOCS.parents[1] / "shared" / "data" / "semantic_segmentation_74_models.json"
    data = shared if shared.is_file() else DOCS.parent / "tests" / "data" / "leaderboard_sample.json"
    lb = read_leaderboard(str(data))
    plan = Plan(Resampling.POSTERIOR, draws=2000, seed=0)
    r = robust_report(lb, plan, 0.95, ROBUST_SAMPLES, regions=1, resolution=51)
    o = r.order
    draw_order(o.diagram(), FIG / "robust_order.png", f"{len(lb)} models: better for every importance at 95 % "
               f"(N = {ROBUST_SAMPLES} assumed)")
    exact = exact_relations(lb)
    region = r.regions[0] if r.regions else tile_regions(lb, *next(((p.a, p.b) for p in exact if p.relation is Exact.DEPENDS),
                                                                    lb.names[:2]), plan, 0.95, 51, ROBUST_SAMPLES)
    draw_regions(region, FIG / "robust_regions.png")  # docs/robust.md shows it whatever the data
    ex = {k: sum(p.relation is k for p in exact) for k in Exact}
    c = o.counts()
    out = [f"# Better for every importance: the {len(lb)} models", "",
           f"Generated by `docs/gen.py` from `{data.name}` ({len(lb)} models; "
           + ("the shared file" if data == shared else "the 10-model sample of tests/data: the shared file was absent "
              "when these docs were built") + "). The same as "
           f"`ordertheory rank {data.name} --over-tile --uncertainty posterior --samples {ROBUST_SAMPLES} --draws "
           f"{plan.draws} --robust-out DIR --json`; see [how it works](../robust.md).", "",
           "## On the performances given (exact)", "",
           f"{o.reading.why[0].upper()}{o.reading.why[1:]}"
           + (" (the models share one test set, but the file's floats give priors that differ in their last digits: "
              "the package decides on the numbers given)" if lb.common_prior() is None else "")
           + f". Of {len(exact)} pairs, {ex[Exact.EVERY]} are ordered alike by every ranking score "
           f"(strictly better at the four corners), {ex[Exact.WEAKLY]} at least as good for every one, "
           f"{ex[Exact.DEPENDS]} depend on the importance, {ex[Exact.LEVEL]} are level.", "",
           "## How sure", "",
           f"The file holds probabilities, not counts: the resampling assumes N = {ROBUST_SAMPLES} test samples per "
           f"model (`--samples`), {plan.describe()}, level 95 %, {o.hypotheses} one-sided hypotheses under Holm's "
           f"control (p-values: {o.p_method}). {c['every']} pairs hold for every importance, {c['depends']} depend on "
           f"it, {c['some']} are shown in one direction for some importance only, {c['not separated']} are not "
           "separated.", "", "![the robust order of the models](../figures/robust_order.png)", ""]
    out += [f"Where {region.a} and {region.b} are each separated on the Tile (a pair whose order depends on the "
            "importance):", "", "![the Tile's regions of one pair](../figures/robust_regions.png)", ""]
    for rel, title in ((Relation.EVERY, "Better for every importance"), (Relation.DEPENDS, "Depends on the importance")):
        chosen = [p for p in o.pairs if p.relation is rel]
        out += [f"## {title} ({len(chosen)} pairs)", "", "| a | b | P(a better for every importance) | P(a better for "
                "some) | P(b better for some) | a better at | b better at |", "|---|---|---|---|---|---|---|"]
        out += [f"| {p.a} | {p.b} | {p.p_every:.4f} | {p.p_some_a:.4f} | {p.p_some_b:.4f} | {', '.join(p.a_above_at)} | "
                f"{', '.join(p.b_above_at)} |" for p in chosen]
        out.append("")
    return "\n".join(out)


def auc_figure() -> str:
    """ROC AUC's test 3 witness on scored:4, found and validated by the package, drawn."""
    from ordertheory import check_score, get_score
    from ordertheory.reports.figures import auc_mixture_figure, save_png
    from ordertheory.spaces.sample_space import scored

    X = get_score("roc_auc").score(scored(4))
    w = check_score(X, timeout=20, tests=("test3",)).tests["test3"].witness
    save_png(auc_mixture_figure(w["P1"], w["P2"], w["lambda"]), FIG / "auc_mixture.png", dpi=90)
    return "; ".join(w.lines())


def mathjax_assets() -> Path:
    """Copy MathJax 3 (the PyPI package django-static-mathjax ships it) into the site's sources.

    The site then renders mathematics with no network access; the copy is not committed.
    """
    import importlib.util
    import shutil

    spec = importlib.util.find_spec("mathjax")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("MathJax is missing: pip install -e '.[docs]' (it brings django-static-mathjax)")
    es5 = Path(next(iter(spec.submodule_search_locations))) / "static" / "mathjax" / "es5"
    target = DOCS / "javascripts" / "mathjax"
    if target.exists():
        shutil.rmtree(target)
    (target / "output" / "chtml").mkdir(parents=True)
    shutil.copy2(es5 / "tex-mml-chtml.js", target / "tex-mml-chtml.js")
    # the fonts, and what the bundle may load on demand (TeX extensions by autoload, the menu's a11y)
    for part in ("output/chtml/fonts", "input/tex/extensions", "ui", "a11y"):
        shutil.copytree(es5 / part, target / part)
    return target / "tex-mml-chtml.js"


def main() -> int:
    REF.mkdir(exist_ok=True)
    FIG.mkdir(exist_ok=True)
    SAY("reference pages: command line, API, out of scope")
    (REF / "cli.md").write_text(cli_page())
    (REF / "api.md").write_text(api_page())
    (REF / "out-of-scope.md").write_text(out_of_scope_page())
    with contextlib.redirect_stderr(io.StringIO()):
        (REF / "catalogue.md").write_text(catalogue_page())
        (REF / "claims.md").write_text(claims_page())
    SAY("MathJax and the figures")
    mathjax_assets()
    cases_figure()
    witness = mcc_figure()
    tile_figures()
    (FIG / "mcc_witness.txt").write_text(witness + "\n")
    (FIG / "auc_mixture.txt").write_text(auc_figure() + "\n")
    SAY("better for every importance: the 74 models")
    (REF / "robust-74.md").write_text(robust_page() + "\n")
    SAY(f"generated {len(list(REF.iterdir()))} reference pages and 6 figures; mkdocs builds the site next")
    return 0


if __name__ == "__main__":
    sys.exit(main())
