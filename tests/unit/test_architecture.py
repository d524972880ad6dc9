"""The shape of the package, measured on its code: no import cycle, imports at the top of modules
(outside cli/), no private name across modules, small modules, one place where a solver's status
becomes a verdict. The import graph is grimp's (import-linter's own), function-local imports included."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2] / "ordertheory"
MAX_LINES = 400
VERDICT_WORDS = {"proved", "refuted", "unknown"}
# Function-local imports: the front ends' command modules (cli/), and the playground's worker entry
# point, which puts its address-space limit and its environment (cache, matplotlib, temporary files
# inside the server's temporary folder) in place before it loads the computation stack, so that the
# server process never loads it (measured: the server imports in 0.2 s and 26 MB, the stack 1 s and 77 MB)
LOCAL_IMPORTS_ALLOWED = ("ordertheory.cli", "ordertheory.playground.workers")


@cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("ordertheory", cache_dir=None)


def _path(module: str) -> Path:
    p = ROOT.parent / Path(*module.split("."))
    return p / "__init__.py" if p.is_dir() else p.with_suffix(".py")


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text())


def _function_lines(path: Path) -> set[int]:
    """The lines inside function bodies."""
    out: set[int] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            out.update(range(node.body[0].lineno, node.end_lineno + 1))
    return out


def _imports():
    """(importer, imported, line number, line) for every import between modules of the package."""
    g = graph()
    for importer in sorted(g.modules):
        for imported in sorted(g.find_modules_directly_imported_by(importer)):
            for d in g.get_import_details(importer=importer, imported=imported):
                yield importer, imported, d["line_number"], d["line_contents"]


def test_no_import_cycle_between_modules():
    g = graph()
    adj = {m: set(g.find_modules_directly_imported_by(m)) for m in g.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    circles = []

    def visit(v: str) -> None:  # Tarjan: the strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in adj[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                circles.append(sorted(comp))

    for m in sorted(adj):
        if m not in index:
            visit(m)
    assert not circles, f"import cycles: {circles}"


def test_a_cycle_is_found_when_there_is_one():
    g = grimp.build_graph("ordertheory", cache_dir=None)
    g.add_import(importer="ordertheory.exact", imported="ordertheory.cli", line_number=1, line_contents="x")
    assert g.chain_exists(importer="ordertheory.cli", imported="ordertheory.exact")
    assert g.chain_exists(importer="ordertheory.exact", imported="ordertheory.cli")


def test_function_local_imports_only_in_cli():
    local = [(a, b, n) for a, b, n, _ in _imports()
             if not a.startswith(LOCAL_IMPORTS_ALLOWED) and n in _function_lines(_path(a))]
    assert not local, f"imports inside functions outside cli/: {local}"


def test_no_private_name_imported_across_modules():
    bad = []
    for a, b, _n, line in _imports():
        m = re.match(r"from \S+ import (.+)", line)
        names = [x.strip().split(" as ")[0] for x in m.group(1).strip("() ").split(",")] if m else []
        bad += [(a, b, x) for x in names if x.startswith("_") and not x.startswith("__")]
    assert not bad, f"private names imported across modules: {bad}"


def test_modules_are_small():
    big = {str(p.relative_to(ROOT.parent)): n for p in ROOT.rglob("*.py")
           if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not big, f"modules over {MAX_LINES} lines: {big}"


def _constants(path: Path):
    """String constants that are not docstrings."""
    tree = _tree(path)
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            yield n


@pytest.mark.parametrize("word", ["unsat", "sat"])
def test_solver_status_words_are_written_in_the_encoding_layer_only(word):
    found = []
    for p in ROOT.rglob("*.py"):
        rel = str(p.relative_to(ROOT.parent))
        if rel.startswith("ordertheory/encoding/"):
            continue
        found += [f"{rel}:{n.lineno}" for n in _constants(p)
                  if n.value == word or re.search(rf"expected: {word}\b", n.value)]
    assert not found, f"the solver status {word!r} as text outside encoding/: {found}"


def _reads_status(path: Path) -> bool:
    """Does the module compare something with a solver status (``x is Status.UNSAT`` …)?"""
    for n in ast.walk(_tree(path)):
        if isinstance(n, ast.Compare) and any(
                isinstance(x, ast.Attribute) and isinstance(x.value, ast.Name) and x.value.id == "Status"
                for x in (n.left, *n.comparators)):
            return True
    return False


def test_one_module_maps_a_solver_status_to_a_verdict():
    both = sorted(str(p.relative_to(ROOT.parent)) for p in ROOT.rglob("*.py")
                  if _reads_status(p) and re.search(r"\bVerdict\.", p.read_text()))
    assert both == ["ordertheory/engine/prove.py"]


def test_verdicts_are_compared_as_verdicts_never_as_text():
    found = []
    for p in ROOT.rglob("*.py"):
        rel = str(p.relative_to(ROOT.parent))
        if rel.startswith("ordertheory/encoding/"):
            continue  # encoding/: the solvers' own words
        for n in ast.walk(_tree(p)):
            if isinstance(n, ast.Compare):
                sides = [n.left, *n.comparators]
                words = [x for x in sides if isinstance(x, ast.Constant) and x.value in VERDICT_WORDS]
                words += [e for x in sides if isinstance(x, ast.Tuple | ast.List | ast.Set) for e in x.elts
                          if isinstance(e, ast.Constant) and e.value in VERDICT_WORDS]
                if words:
                    found.append(f"{rel}:{n.lineno}: {ast.unparse(n)}")
    assert not found, "compare with Verdict.X (or the enum of the kind), not its text: " + "; ".join(found)
