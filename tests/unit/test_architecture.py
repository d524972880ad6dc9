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


# --- rooms by subject (issue 44) -----------------------------------------------------------------
MAX_MODULES_PER_FOLDER = 15  # cli/ holds one module per command and is exempt
TEST_NAMES = {"test1", "test2", "test3", "domain_closed", "theorem2_condition"}
# the differential checker shares no code with the engine (its import contract), so it reads the
# JSON answers by their documented field names; engine/witness.py defines TestName itself
TEST_NAME_TEXT_ALLOWED = ("ordertheory/crosscheck/", "ordertheory/engine/witness.py", "ordertheory/cli/")


def test_no_folder_but_cli_holds_more_than_fifteen_modules():
    crowded = {}
    for folder in [ROOT, *(p for p in ROOT.rglob("*") if p.is_dir() and p.name != "__pycache__")]:
        n = len([p for p in folder.glob("*.py") if p.name != "__init__.py"])
        if n > MAX_MODULES_PER_FOLDER and folder != ROOT / "cli":
            crowded[str(folder.relative_to(ROOT.parent))] = n
    assert not crowded, f"group these folders' modules by subject: {crowded}"


def test_every_package_has_a_docstring():
    bare = [str(p.relative_to(ROOT.parent)) for p in ROOT.rglob("__init__.py")
            if ast.get_docstring(_tree(p)) is None and "static" not in p.parts]
    assert not bare, f"packages without a docstring saying what they hold: {bare}"


def _module_names(path: Path) -> dict[str, str]:
    """The names under which ``path`` binds other modules of the package (``from a.b import c``
    where a.b.c is a module, ``import a.b as c``)."""
    modules = set(graph().modules)
    out: dict[str, str] = {}
    for n in ast.walk(_tree(path)):
        if isinstance(n, ast.Import):
            for a in n.names:
                if a.name.startswith("ordertheory") and a.asname:
                    out[a.asname] = a.name
        elif isinstance(n, ast.ImportFrom) and n.module and n.module.startswith("ordertheory"):
            for a in n.names:
                if f"{n.module}.{a.name}" in modules:
                    out[a.asname or a.name] = f"{n.module}.{a.name}"
    return out


def test_no_private_name_of_another_module_is_used():
    found = []
    for p in ROOT.rglob("*.py"):
        names = _module_names(p)
        for n in ast.walk(_tree(p)):
            if (isinstance(n, ast.Attribute) and n.attr.startswith("_") and not n.attr.startswith("__")
                    and isinstance(n.value, ast.Name) and n.value.id in names):
                found.append(f"{p.relative_to(ROOT.parent)}:{n.lineno}: {n.value.id}.{n.attr}")
    assert not found, f"a module's private name used from another module (make it public or move it): {found}"


def test_private_use_is_caught(tmp_path):
    """The check above finds ``module._name`` (a wrong implementation that looked at imports only would not)."""
    p = tmp_path / "m.py"
    p.write_text("from ordertheory.ranking.tile import tile\ntile._hidden(1)\n")
    names = {"tile": "ordertheory.ranking.tile.tile"}
    hits = [n for n in ast.walk(ast.parse(p.read_text())) if isinstance(n, ast.Attribute)
            and n.attr.startswith("_") and isinstance(n.value, ast.Name) and n.value.id in names]
    assert len(hits) == 1


def test_test_names_are_written_as_test_names_never_as_text():
    found = []
    for p in ROOT.rglob("*.py"):
        rel = str(p.relative_to(ROOT.parent))
        if rel.startswith(TEST_NAME_TEXT_ALLOWED):
            continue
        found += [f"{rel}:{n.lineno}: {n.value!r}" for n in _constants(p) if n.value in TEST_NAMES]
    assert not found, f"write TestName.X (ordertheory.engine.witness), not its text: {found}"


def test_the_stub_lists_what_the_facade_exports():
    """``__init__.pyi`` (what type checkers read) names exactly the facade's ``__all__``, each from the
    module the facade imports it from."""
    import ordertheory

    stub = _tree(ROOT / "__init__.pyi")
    stubbed = {}
    stub_all: list[str] = []
    for n in stub.body:
        if isinstance(n, ast.ImportFrom):
            for a in n.names:
                stubbed[a.asname or a.name] = n.module
        elif isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name):
            if n.targets[0].id == "__all__":
                stub_all = ast.literal_eval(n.value)
            else:  # from_labels = Performance.from_labels: a method of an imported class
                stubbed[n.targets[0].id] = stubbed[n.value.value.id]
    assert sorted(stub_all) == sorted(ordertheory.__all__), "the stub's __all__ is not the facade's"
    exported = set(ordertheory.__all__) - {"__version__"}
    assert exported <= set(stubbed), f"exported but not in the stub: {sorted(exported - set(stubbed))}"
    assert set(stubbed) - {"annotations"} <= exported | {"__version__"}, \
        f"in the stub but not exported: {sorted(set(stubbed) - exported)}"
    for name in sorted(exported & set(stubbed)):
        module = ordertheory._EXPORTS[name][0]
        assert stubbed[name] == module, f"{name}: the stub says {stubbed[name]}, the facade {module}"
