"""Modules and scopes: which module each file is, how module names map to files (the project's
roots first, then the analysis environment's import path), and for every scope (module,
function, lambda, class) the names it binds — what makes a name local there. Values belong to
the interpreter, which runs statements in order; this floor only finds code."""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field
from pathlib import Path

from .apis import MODELLED_PACKAGES, is_shipped_source
from .distributions import Installed
from .skeleton import blocks
from .source import DecodeError, SourceFile, read_file

# Top-level packages whose behaviour the API table models (their source is never read), and
# standard modules nothing of interest hides in.
_MODELLED = frozenset({"jax", "jaxlib", "numpy", "functools", "builtins", "typing", "os", "sys", *MODELLED_PACKAGES})


@dataclass(eq=False)
class Scope:
    """A function, lambda, class or module body."""

    kind: str  # "module" | "function" | "lambda" | "class" | "comprehension"
    node: ast.AST
    module: "Module"
    parent: "Scope | None"
    name: str
    qualname: str
    _locals: frozenset | None = None
    _globals: set = field(default_factory=set)
    _nonlocals: set = field(default_factory=set)
    generator: bool | None = None  # whether a def's own body yields, once the interpreter asked

    @property
    def locals(self) -> frozenset:
        """The names bound directly in this scope (parameters, assignments, defs, imports, ...),
        without those declared `global` or `nonlocal`."""
        if self._locals is None:
            names: set = set()
            _Binder(self, names).bind_scope()
            self._locals = frozenset(names - self._globals - self._nonlocals)
        return self._locals

    @property
    def globals_(self) -> set:
        """The names its body declares `global`, found with its locals (before they are, the
        body's first `global X; X = ...` bound a local)."""
        self.locals
        return self._globals

    @property
    def nonlocals(self) -> set:
        """The names its body declares `nonlocal`."""
        self.locals
        return self._nonlocals

    def __repr__(self):
        return f"<Scope {self.module.name}:{self.qualname}>"


@dataclass(frozen=True)
class TopBinding:
    """A binding of a module's top level, for reading an installed module lazily: the index of
    the top-level statement, the statement, whether it is inside an `if`/`try`/loop (it may not
    happen), and what binds the name (the def/class node, an alias, or the assignment)."""
    index: int
    stmt: ast.stmt
    conditional: bool
    what: object  # ast.FunctionDef | ast.ClassDef | ("import", alias, stmt) | ("from", alias, stmt)
    #              | ("assign", target, value, stmt) | ("star", stmt)


class Module:
    def __init__(self, name: str, source: SourceFile, is_package: bool, in_project: bool):
        self.name = name
        self.source = source
        self.path = source.path
        self.is_package = is_package
        self.in_project = in_project
        self._scope: Scope | None = None
        self._scopes: dict[int, Scope] = {}
        self._top: dict | None = None

    @property
    def tree(self) -> ast.Module | None:
        return self.source.tree

    @property
    def scope(self) -> Scope:
        if self._scope is None:
            self._scope = Scope("module", self.tree or ast.Module(body=[], type_ignores=[]), self, None,
                                self.name, "")
        return self._scope

    def scope_of(self, node: ast.AST, parent: Scope) -> Scope:
        """The scope of a def, lambda or class node written in `parent`."""
        sc = self._scopes.get(id(node))
        if sc is None:
            if isinstance(node, ast.Lambda):
                kind, name = "lambda", f"<lambda:{node.lineno}:{node.col_offset}>"
            elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
                kind, name = "comprehension", f"<{type(node).__name__.lower()}:{node.lineno}:{node.col_offset}>"
            elif isinstance(node, ast.ClassDef):
                kind, name = "class", node.name
            else:
                kind, name = "function", node.name
            qual = f"{parent.qualname}.{name}" if parent.qualname else name
            if parent.kind in ("function", "lambda", "comprehension"):
                qual = f"{parent.qualname}.<locals>.{name}"
            sc = self._scopes[id(node)] = Scope(kind, node, self, parent, name, qual)
        return sc

    @property
    def top_bindings(self) -> dict[str, list[TopBinding]]:
        """name -> its top-level bindings in statement order."""
        if self._top is None:
            self._top = {}
            for i, st in enumerate(self.tree.body if self.tree is not None else ()):
                _top_bindings(st, i, False, self._top)
        return self._top

    def __repr__(self):
        return f"<Module {self.name}>"


def _top_bindings(st: ast.stmt, index: int, conditional: bool, out: dict) -> None:
    def add(name, what):
        out.setdefault(name, []).append(TopBinding(index, st_top, conditional, what))

    st_top = st
    if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        add(st.name, st)
    elif isinstance(st, ast.Import):
        for al in st.names:
            add(al.asname or al.name.split(".")[0], ("import", al, st))
    elif isinstance(st, ast.ImportFrom):
        for al in st.names:
            add("*" if al.name == "*" else al.asname or al.name, ("star", st) if al.name == "*" else ("from", al, st))
    elif isinstance(st, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = st.targets if isinstance(st, ast.Assign) else [st.target]
        for t in targets:
            for name, target in _target_names(t):
                add(name, ("assign", target, st.value if not isinstance(st, ast.AugAssign) else None, st))
    else:
        for body in blocks(st):
            for inner in body:
                _top_bindings(inner, index, True, out)
            # statements nested in a block keep the index of their top-level statement
        return


def _target_names(t: ast.AST):
    if isinstance(t, ast.Name):
        yield t.id, t
    elif isinstance(t, (ast.Tuple, ast.List)):
        for e in t.elts:
            yield from _target_names(e)
    elif isinstance(t, ast.Starred):
        yield from _target_names(t.value)


class _Binder:
    """Collects the names one scope binds (Python's rule for what is local)."""

    def __init__(self, scope: Scope, names: set):
        self.scope = scope
        self.names = names
        self.walrus = ":=" in scope.module.source.text

    def bind_scope(self) -> None:
        node, kind = self.scope.node, self.scope.kind
        if kind == "comprehension":  # its targets; a walrus in it binds in the enclosing function
            for g in node.generators:
                self.target(g.target)
            return
        if kind in ("function", "lambda"):
            a = node.args
            for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs]:
                self.names.add(arg.arg)
            for arg in (a.vararg, a.kwarg):
                if arg is not None:
                    self.names.add(arg.arg)
            if kind == "lambda":
                self.expr(node.body)
                return
        for st in node.body:
            self.stmt(st)

    def stmt(self, st: ast.stmt) -> None:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self.names.add(st.name)
            for d in st.decorator_list:
                self.expr(d)
            return
        if isinstance(st, ast.Import):
            self.names.update(al.asname or al.name.split(".")[0] for al in st.names)
            return
        if isinstance(st, ast.ImportFrom):
            self.names.update(al.asname or al.name for al in st.names if al.name != "*")
            return
        if isinstance(st, ast.Global):
            self.scope._globals.update(st.names)
            return
        if isinstance(st, ast.Nonlocal):
            self.scope._nonlocals.update(st.names)
            return
        if isinstance(st, ast.Assign):
            for t in st.targets:
                self.target(t)
        elif isinstance(st, (ast.AnnAssign, ast.AugAssign)):
            if isinstance(st, ast.AugAssign) or st.value is not None:
                self.target(st.target)
        elif isinstance(st, (ast.For, ast.AsyncFor)):
            self.target(st.target)
        elif isinstance(st, (ast.With, ast.AsyncWith)):
            for item in st.items:
                if item.optional_vars is not None:
                    self.target(item.optional_vars)
        elif isinstance(st, ast.Delete):
            for t in st.targets:
                self.target(t)
        elif type(st).__name__ == "Match":
            for case in st.cases:
                for n in ast.walk(case.pattern):
                    name = getattr(n, "name", None)
                    if isinstance(name, str):
                        self.names.add(name)
        for h in getattr(st, "handlers", ()) or ():
            if h.name:
                self.names.add(h.name)
            for inner in h.body:
                self.stmt(inner)
        for case in getattr(st, "cases", ()) or ():
            for inner in case.body:
                self.stmt(inner)
        for name in ("body", "orelse", "finalbody"):
            block = getattr(st, name, None)
            if isinstance(block, list):
                for inner in block:
                    if isinstance(inner, ast.stmt):
                        self.stmt(inner)
        if self.walrus:
            for value in ast.iter_child_nodes(st):
                if isinstance(value, ast.expr):
                    self.expr(value)

    def target(self, t: ast.AST) -> None:
        for name, _ in _target_names(t):
            self.names.add(name)

    def expr(self, e: ast.AST) -> None:
        """Walrus targets bind in the enclosing function, even inside a comprehension."""
        if not self.walrus:
            return
        for n in ast.walk(e):
            if isinstance(n, ast.NamedExpr) and isinstance(n.target, ast.Name):
                self.names.add(n.target.id)


class ModuleFinder:
    """Maps module names to files: the project's own roots first, then the analysis
    environment's import path (installed packages are read as source on demand). Paths are
    strings, and what the file system says about one is asked once (a big project looks the
    same names up from hundreds of modules)."""

    def __init__(self, files: dict[str, SourceFile], roots: list[Path], sys_path: list[str]):
        self.files = files
        self.roots = [os.path.realpath(r) for r in roots]
        self.sys_path = [p for p in sys_path if p and os.path.isdir(p)]
        self.modules: dict = {}  # name, or (name, folder) for a lookup from a folder
        self._inits: dict[str, bool] = {}  # folder -> whether it holds an __init__.py
        self._exists: dict[str, bool] = {}
        self._dirs: dict[str, bool] = {}
        self._tops: dict[str, str] = {}  # folder -> the folder above its package chain
        self._real: dict[str, str] = {}
        self._bases: dict[str, str] = {}  # module path -> the folder its absolute imports start from
        self._extensions: dict[str, bool] = {}
        self.installed = Installed(self.sys_path)
        self.by_path: dict[str, Module] = {}
        self._project_names: dict[str, str] = {}
        for path in files:
            for name in self._names_for(path):
                self._project_names.setdefault(name, path)

    def _names_for(self, path: str) -> list[str]:
        """Module names under which a project file can be imported (one per import root): none
        for a file that is no Python module (a notebook is a program, never imported)."""
        if not path.endswith(".py"):
            return []
        names = []
        for root in self._roots_for(path):
            rel = _relative_to(path, root)
            if rel is None:
                continue
            parts = rel[:-3].split(os.sep) if rel else []
            if parts and parts[-1] == "__init__":
                parts = parts[:-1]
            if parts and all(p.isidentifier() for p in parts):
                names.append(".".join(parts))
        return names

    def _roots_for(self, path: str) -> list[str]:
        # The folder of the file itself (a script's sys.path[0]) and the first folder above any
        # package (the folder that holds the outermost __init__.py chain).
        d = os.path.dirname(path)
        roots = [d, self._outside_packages(d)]
        for r in self.roots:
            roots.append(r)
            if self._isdir(os.path.join(r, "src")):
                roots.append(os.path.join(r, "src"))
        return list(dict.fromkeys(roots))

    def module_for_path(self, path: str) -> Module | None:
        if path in self.by_path:
            return self.by_path[path]
        sf = self.files.get(path)
        if sf is None:
            return None
        names = self._names_for(path)
        # Prefer the longest dotted name (the package-qualified one).
        base = os.path.basename(path)
        name = max(names, key=lambda n: n.count("."), default=os.path.splitext(base)[0])
        m = Module(name, sf, base == "__init__.py", True)
        self.by_path[path] = m
        if names:
            self.modules.setdefault(name, m)
        return m

    def find(self, name: str, near: Module | None = None) -> Module | None:
        """The module called `name` (absolute), or None when it is not source we can read.
        Seen from `near`, its own folder comes first (a script's `sys.path[0]`): two scripts in
        different folders each import their own `helpers`."""
        top = name.split(".")[0]
        if top in _MODELLED and not is_shipped_source(name):
            return None
        if near is not None:
            # A script: its folder; a module of a package: the folder above its top package.
            base = self._bases.get(near.path)
            if base is None:
                base = self._bases[near.path] = (
                    self._package_root(near) if self._in_package(near) else os.path.dirname(near.path))
            key = (name, base)
            if key not in self.modules:
                self.modules[key] = self._load_from(base, name, in_project=near.in_project)
            if self.modules[key] is not None:
                return self.modules[key]
        if name in self.modules:
            return self.modules[name]
        mod = None
        path = self._project_names.get(name)
        if path is not None:
            mod = self.module_for_path(path)
        if mod is None and near is not None:
            # A script's own folder is an import root.
            mod = self._load_from(os.path.dirname(near.path), name, in_project=True)
        if mod is None:
            for sp in self.sys_path:
                mod = self._load_from(sp, name, in_project=False)
                if mod is not None:
                    break
        self.modules[name] = mod
        return mod

    def _in_package(self, module: Module) -> bool:
        # A notebook runs with its own folder first on the import path, package or not.
        return module.path.endswith(".py") and self._has_init(os.path.dirname(module.path))

    def _has_init(self, folder: str) -> bool:
        known = self._inits.get(folder)
        if known is None:
            init = os.path.join(folder, "__init__.py")
            known = self._inits[folder] = init in self.files or self._exists_(init)
        return known

    def _exists_(self, path: str) -> bool:
        known = self._exists.get(path)
        if known is None:
            known = self._exists[path] = os.path.exists(path)
        return known

    def _isdir(self, path: str) -> bool:
        known = self._dirs.get(path)
        if known is None:
            known = self._dirs[path] = os.path.isdir(path)
        return known

    def _package_root(self, module: Module) -> str:
        return self._outside_packages(os.path.dirname(module.path))

    def _outside_packages(self, folder: str) -> str:
        """The first folder at or above `folder` that holds no __init__.py."""
        found = self._tops.get(folder)
        if found is None:
            parent = os.path.dirname(folder)
            found = self._outside_packages(parent) if self._has_init(folder) and parent != folder else folder
            self._tops[folder] = found
        return found

    def is_extension(self, name: str) -> bool:
        """Whether `name` is a compiled extension module on the import path (no source to read,
        and nothing jedi could follow either)."""
        known = self._extensions.get(name)
        if known is None:
            parts = name.split(".")
            known = self._extensions[name] = any(
                Path(sp).joinpath(*parts[:-1]).is_dir() and (
                    any(Path(sp).joinpath(*parts[:-1]).glob(parts[-1] + ".*.so"))
                    or any(Path(sp).joinpath(*parts[:-1]).glob(parts[-1] + ".*.pyd")))
                for sp in self.sys_path)
        return known

    def _load_from(self, base: str, name: str, in_project: bool) -> Module | None:
        parts = name.split(".")
        folder = os.path.join(base, *parts[:-1])
        if not self._isdir(folder):
            return None  # neither candidate can exist (an imported class is no module: one stat)
        cand_pkg = os.path.join(folder, parts[-1], "__init__.py")
        cand_mod = os.path.join(folder, parts[-1] + ".py")
        for cand, is_pkg in ((cand_pkg, True), (cand_mod, False)):
            if not self._exists_(cand):
                continue
            key = self._real.get(cand)
            if key is None:
                key = self._real[cand] = os.path.realpath(cand)
            if key in self.by_path:
                return self.by_path[key]
            if key in self.files:
                m = Module(name, self.files[key], is_pkg, True)
            else:
                try:
                    sf = read_file(Path(cand), key)
                except (OSError, DecodeError):
                    return None
                m = Module(name, sf, is_pkg, in_project)
            self.by_path[key] = m
            return m
        return None


def _relative_to(path: str, root: str) -> str | None:
    """`path` relative to `root` (both absolute, normalised), or None when it lies outside."""
    if path == root:
        return ""
    prefix = root if root.endswith(os.sep) else root + os.sep
    return path[len(prefix):] if path.startswith(prefix) else None


def resolve_relative(st: ast.ImportFrom, module_name: str, is_package: bool) -> str | None:
    """The absolute module an `from ... import` names, seen from `module_name`."""
    if not st.level:
        return st.module
    parts = module_name.split(".")
    if not is_package:
        parts = parts[:-1]
    up = st.level - 1
    if up > len(parts):
        return None
    base = parts[: len(parts) - up] if up else parts
    if st.module:
        base = [*base, st.module]
    return ".".join(base) if base else None
