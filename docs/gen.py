"""Generate the reference pages and figures of the docs from the package itself.

Run by `make docs` (and by the slow docs test) before `mkdocs build --strict`. Nothing here is
typed by hand: the CLI page comes from --help, the catalogue from the registry and the checker,
the API page from docstrings, the figures from the package's own derivations and witnesses.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import sys
from pathlib import Path

import sympy

import ordertheory
from ordertheory.catalogue import all_entries
from ordertheory.cli import build_parser
from ordertheory.engine.result import Verdict

DOCS = Path(__file__).resolve().parent
REF, FIG = DOCS / "reference", DOCS / "figures"


def cli_page() -> str:
    parser = build_parser()
    out = ["# Command line", "", "Generated from `ordertheory --help`.", "", "```text", parser.format_help(), "```", ""]
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, p in sub.choices.items():
        out += [f"## ordertheory {name}", "", "```text", p.format_help(), "```", ""]
    return "\n".join(out)


def catalogue_page(jobs: int = 2) -> str:
    from ordertheory.fitness.cells import CELL_TESTS, decide_catalogue, parse_settings
    from ordertheory.paper.table1 import SETTINGS

    binary = [e.slug for e in all_entries("binary")]
    settings = parse_settings(",".join(SETTINGS))  # Table 1's three settings, as `ordertheory catalogue` names them
    cells = decide_catalogue(binary, settings, timeout=8, jobs=jobs)  # what `ordertheory catalogue` runs; "?" marks an 8 s budget
    mark = {Verdict.PROVED: "V", Verdict.REFUTED: "X", Verdict.UNKNOWN: "?"}
    verdicts = {(c.slug, str(c.setting)): " ".join(mark[c.result(t).verdict] for t in CELL_TESTS) for c in cells}
    out = ["# Catalogue", "", "Generated from the registry. Verdicts of tests 1, 2, 3 (V proved, X refuted with an "
           "exact witness, ? undecided within the 8 s budget of a docs build) computed when these docs were built, in the paper's three settings.", "",
           "| slug | name | formula | " + " | ".join(SETTINGS) + " | source |", "|---|---|---|" + "---|" * len(SETTINGS) + "---|"]
    for e in all_entries("binary"):
        X = e.score()
        latex = sympy.latex(X.expr).replace("|", r"\vert ")
        out.append(f"| `{e.slug}` | {e.name} | ${latex}$ | " + " | ".join(verdicts[e.slug, s] for s in SETTINGS)
                   + f" | {e.source} |")
    out += ["", "## k classes", "", "| slug | name | source |", "|---|---|---|"]
    for e in all_entries("multiclass"):
        out.append(f"| `{e.slug}` | {e.name} | {e.source} |")
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
    return "\n".join([
        "# Out of scope for now", "",
        "Metrics of the ontology (`references/classification-metrics-ontology.md`) that are not functions of a "
        "performance on Ω = {tn, fp, fn, tp} (or on a k-class confusion Ω):", "",
        "- **log loss** and the **Brier score** need the predicted probabilities of each sample, not only the "
        "crisp outcome: they are expectations over a richer Ω (sample × score), which a custom space can model "
        "only once scores are discretised.",
        "- **ROC AUC** and **PR AUC** summarise a whole family of thresholded classifiers (a curve), not one "
        "performance: they are functions of a set of performances.", "",
        "They may come back as scores on custom spaces; the catalogue lists only functions of one performance.", ""])


def cases_figure() -> None:
    from ordertheory.reports.figures import cases_figure as draw
    from ordertheory.reports.figures import save_png
    from ordertheory.theory.cases import possible_cases

    save_png(draw(possible_cases()), FIG / "cases.png", dpi=80)


def mcc_figure() -> str:
    from ordertheory import check_score, fixed_prior, get_score
    from ordertheory.reports.figures import save_png, witness_figure
    from ordertheory.sample_space import binary

    X = get_score("mcc").score()
    rep = check_score(X, fixed_prior(binary(), "1/2"), timeout=20, tests=("test2",))
    w = rep.tests["test2"].witness
    save_png(witness_figure(X, w["P1"], w["P2"], w["lambda"], "MCC", "1/2"), FIG / "mcc_witness.png", dpi=90)
    return ", ".join(f"{k} = {v}" for k, v in w.items())


def tile_figures() -> None:
    """The winner map of the 74-model leaderboard (the sample of tests/data when the shared file is
    absent) with the negative-skill zones and the no-skill curve, drawn from the exact geometry."""
    import argparse

    from ordertheory.cli.tile import run

    shared = DOCS.parents[1] / "shared" / "data" / "semantic_segmentation_74_models.json"
    data = shared if shared.is_file() else DOCS.parent / "tests" / "data" / "leaderboard_sample.json"
    args = argparse.Namespace(file=str(data), map="winner", entity=None, score=None, resolution=301, decimals=None,
                              out=str(FIG / "tile_winner.png"), skill=True, timeout=300.0, json=True)
    with contextlib.redirect_stdout(io.StringIO()):
        run(args)


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
    (REF / "cli.md").write_text(cli_page())
    (REF / "api.md").write_text(api_page())
    (REF / "out-of-scope.md").write_text(out_of_scope_page())
    with contextlib.redirect_stderr(io.StringIO()):
        (REF / "catalogue.md").write_text(catalogue_page())
    mathjax_assets()
    cases_figure()
    witness = mcc_figure()
    tile_figures()
    (FIG / "mcc_witness.txt").write_text(witness + "\n")
    print(f"generated {len(list(REF.iterdir()))} reference pages and 3 figures", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
