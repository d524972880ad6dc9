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
    from ordertheory.paper.table1 import SETTINGS, run_table1

    binary = [e.slug for e in all_entries("binary")]
    cells = run_table1(scores=binary, jobs=jobs, timeout=5, progress=False)  # "?" marks a 5 s timeout
    mark = {"proved": "V", "refuted": "X", "unknown": "?"}
    verdicts = {(c.score, c.setting): " ".join(mark[c.report.tests[t].verdict.label] for t in ("test1", "test2", "test3"))
                for c in cells}
    out = ["# Catalogue", "", "Generated from the registry. Verdicts of tests 1, 2, 3 (V proved, X refuted with an "
           "exact witness, ? undecided within the 5 s budget of a docs build) computed when these docs were built, in the paper's three settings.", "",
           "| slug | name | formula | " + " | ".join(SETTINGS) + " | source |", "|---|---|---|" + "---|" * len(SETTINGS) + "---|"]
    for e in all_entries("binary"):
        X = e.score()
        latex = sympy.latex(X.expr).replace("|", r"\vert ")
        out.append(f"| `{e.slug}` | {e.name} | $${latex}$$ | " + " | ".join(verdicts[e.slug, s] for s in SETTINGS)
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
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ordertheory.theory.cases import possible_cases

    cases = possible_cases()
    fig, axes = plt.subplots(5, 6, figsize=(12, 10))
    for ax in axes.ravel():
        ax.axis("off")
    for i, (c, ax) in enumerate(zip(cases, axes.ravel()), 1):
        le = c.preorder()
        below = {x: sum(le[y, x] and not le[x, y] for y in "abc") for x in "abc"}
        xs = {x: j for j, x in enumerate("abc")}
        pos = {x: (xs[x], below[x]) for x in "abc"}
        for x in "abc":
            for y in "abc":
                strict = le[x, y] and not le[y, x]
                covered = strict and not any(le[x, z] and not le[z, x] and le[z, y] and not le[y, z] for z in "abc")
                if covered:
                    ax.annotate("", xy=pos[y], xytext=pos[x], arrowprops={"arrowstyle": "->", "color": "black"})
                if x < y and le[x, y] and le[y, x]:
                    ax.plot(*zip(pos[x], pos[y]), "b--")
        for x, (px, py) in pos.items():
            ax.plot(px, py, "o", ms=14, color="white", mec="black")
            ax.text(px, py, x, ha="center", va="center")
        ax.set_xlim(-0.5, 2.5)
        ax.set_ylim(-0.5, 2.5)
        ax.set_title(f"case {i}", fontsize=9)
    fig.suptitle("The 29 preorders on {a, b, c} (arrow: strictly worse → better; dashed: equivalent)")
    fig.tight_layout()
    fig.savefig(FIG / "cases.png", dpi=80)
    plt.close(fig)


def mcc_figure() -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ordertheory import check_score, fixed_prior, get_score
    from ordertheory.performance import mixture
    from ordertheory.sample_space import binary

    X = get_score("mcc").score()
    rep = check_score(X, fixed_prior(binary(), "1/2"), timeout=20, tests=("test2",))
    w = rep.tests["test2"].witness
    M = mixture([w["P1"], w["P2"]], [w["lambda"], 1 - w["lambda"]])
    fig, ax = plt.subplots(figsize=(4.5, 4.5))
    pts = {"P1": w["P1"], "P2": w["P2"], "mixture": M}
    for name, P in pts.items():
        fpr = P["fp"] / (P["fp"] + P["tn"])
        tpr = P["tp"] / (P["tp"] + P["fn"])
        ax.plot(float(fpr), float(tpr), "o")
        ax.annotate(f"{name}\nMCC = {float(X.value(P)):.3f}", (float(fpr), float(tpr)), textcoords="offset points",
                    xytext=(5, 5), fontsize=8)
    ax.plot([float(w["P1"]["fp"] / (w["P1"]["fp"] + w["P1"]["tn"])), float(w["P2"]["fp"] / (w["P2"]["fp"] + w["P2"]["tn"]))],
            [float(w["P1"]["tp"] / (w["P1"]["tp"] + w["P1"]["fn"])), float(w["P2"]["tp"] / (w["P2"]["tp"] + w["P2"]["fn"]))], "k:")
    ax.set_xlabel("FPR")
    ax.set_ylabel("TPR")
    ax.set_xlim(-0.05, 1.05)
    ax.set_ylim(-0.05, 1.05)
    ax.set_title("MCC, prior 1/2: a mixture beats both ends")
    fig.tight_layout()
    fig.savefig(FIG / "mcc_witness.png", dpi=90)
    plt.close(fig)
    return ", ".join(f"{k} = {v}" for k, v in w.items())


def main() -> int:
    REF.mkdir(exist_ok=True)
    FIG.mkdir(exist_ok=True)
    (REF / "cli.md").write_text(cli_page())
    (REF / "api.md").write_text(api_page())
    (REF / "out-of-scope.md").write_text(out_of_scope_page())
    with contextlib.redirect_stderr(io.StringIO()):
        (REF / "catalogue.md").write_text(catalogue_page())
    cases_figure()
    witness = mcc_figure()
    (FIG / "mcc_witness.txt").write_text(witness + "\n")
    print(f"generated {len(list(REF.iterdir()))} reference pages and 2 figures", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
