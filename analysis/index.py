"""Per-module index: which module each file is, and for every scope (module, function, lambda,
class) the names it binds and the statements that bind them. Built lazily from `ast` trees."""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field
from pathlib import Path

from .source import SourceFile, read_file, DecodeError


@dataclass(eq=False)
class Scope:
    """A function, lambda, class or module body and the names bound directly in it."""

    kind: str  # "module" | "function" | "lambda" | "class"
    node: ast.AST
    module: "Module"
    parent: "Scope | None"
    name: str
    qualname: str
    # name -> list of binding nodes: ast.FunctionDef/ClassDef (the def itself), ast.alias with
    # its import statement, ("assign", target_node, value_expr), ("param", index, arg), ...
    # Built on first use: most functions of a project are never reached.
    _bindings: dict | None = None
    globals_: set = field(default_factory=set)
    nonlocals: set = field(default_factory=set)
    children: dict = field(default_factory=dict)  # id(def node) -> Scope

    @property
    def bindings(self) -> dict:
        if self._bindings is None:
            self._bindings = {}
            _Binder(self.module, self).bind_scope()
        return self._bindings

    @property
    def params(self) -> list[ast.arg]:
        if self.kind not in ("function", "lambda"):
            return []
        a = self.node.args
        return [*a.posonlyargs, *a.args]

    def __repr__(self):
        return f"<Scope {self.module.name}:{self.qualname}>"


class Module:
    def __init__(self, name: str, source: SourceFile, is_package: bool, in_project: bool):
        self.name = name
        self.source = source
        self.path = source.path
        self.is_package = is_package
        self.in_project = in_project
        self._scope: Scope | None = None
        self.scopes: dict[int, Scope] = {}

    @property
    def tree(self) -> ast.Module | None:
        return self.source.tree

    @property
    def scope(self) -> Scope:
        if self._scope is None:
            self._scope = Scope("module", self.tree or ast.Module(body=[], type_ignores=[]), self, None,
                                self.name, "")
            self.scopes[id(self._scope.node)] = self._scope
            text = self.source.text
            self.lambda_lines = _marker_lines(text) if ("lambda" in text or ":=" in text) else frozenset()
        return self._scope

    def scope_of(self, node: ast.AST, parent: Scope | None = None) -> Scope | None:
        """The scope of a def, lambda or class node; `parent` is the scope that contains it."""
        found = self.scopes.get(id(node))
        if found is None and parent is not None:
            parent.bindings  # noqa: B018 - registers the parent's child scopes
            found = self.scopes.get(id(node))
        return found

    def __repr__(self):
        return f"<Module {self.name}>"


def _marker_lines(text: str) -> frozenset:
    return frozenset(i for i, line in enumerate(text.splitlines(), 1) if "lambda" in line or ":=" in line)


class _Binder:
    """Records the bindings of one scope and registers (without binding) its child scopes for
    defs, lambdas and classes."""

    def __init__(self, module: Module, scope: Scope):
        self.module = module
        self.scope = scope
        self.marks = module.lambda_lines if module._scope is not None else frozenset()

    def bind_scope(self) -> None:
        node, kind = self.scope.node, self.scope.kind
        if kind in ("function", "lambda"):
            args = node.args
            allargs = [*args.posonlyargs, *args.args]
            for i, a in enumerate(allargs):
                self.add(a.arg, ("param", i, a))
            if args.vararg:
                self.add(args.vararg.arg, ("vararg", args.vararg))
            for a in args.kwonlyargs:
                self.add(a.arg, ("kwonly", a))
            if args.kwarg:
                self.add(args.kwarg.arg, ("kwarg", args.kwarg))
            if kind == "lambda":
                self.visit_expr(node.body)
            else:
                self.bind_body(node.body)
        else:
            self.bind_body(node.body)

    def add(self, name: str, binding) -> None:
        self.scope._bindings.setdefault(name, []).append(binding)

    def child(self, kind: str, node: ast.AST, name: str) -> Scope:
        qual = f"{self.scope.qualname}.{name}" if self.scope.qualname else name
        if self.scope.kind in ("function", "lambda"):
            qual = f"{self.scope.qualname}.<locals>.{name}"
        sc = Scope(kind, node, self.module, self.scope, name, qual)
        self.scope.children[id(node)] = sc
        self.module.scopes[id(node)] = sc
        return sc

    def bind_body(self, body) -> None:
        for st in body:
            self.visit_stmt(st)

    def visit_stmt(self, st: ast.stmt) -> None:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for d in st.decorator_list:
                self.visit_expr(d)
            for dflt in [*st.args.defaults, *[d for d in st.args.kw_defaults if d is not None]]:
                self.visit_expr(dflt)
            self.add(st.name, st)
            self.child("function", st, st.name)
            return
        if isinstance(st, ast.ClassDef):
            for d in st.decorator_list:
                self.visit_expr(d)
            for b in st.bases:
                self.visit_expr(b)
            self.add(st.name, st)
            self.child("class", st, st.name)
            return
        if isinstance(st, ast.Import):
            for al in st.names:
                local = al.asname or al.name.split(".")[0]
                self.add(local, ("import", al, st))
            return
        if isinstance(st, ast.ImportFrom):
            for al in st.names:
                if al.name == "*":
                    self.add("*", ("star", st))
                else:
                    self.add(al.asname or al.name, ("from", al, st))
            return
        if isinstance(st, ast.Global):
            self.scope.globals_.update(st.names)
            return
        if isinstance(st, ast.Nonlocal):
            self.scope.nonlocals.update(st.names)
            return
        if isinstance(st, ast.Assign):
            self.visit_expr(st.value)
            for t in st.targets:
                self.bind_target(t, st.value)
            return
        if isinstance(st, (ast.AnnAssign, ast.AugAssign)):
            if st.value is not None:
                self.visit_expr(st.value)
                if isinstance(st, ast.AnnAssign):
                    self.bind_target(st.target, st.value)
                else:
                    self.bind_target(st.target, None)
            return
        if isinstance(st, (ast.For, ast.AsyncFor)):
            self.visit_expr(st.iter)
            self.bind_target(st.target, None)
        elif isinstance(st, (ast.With, ast.AsyncWith)):
            for item in st.items:
                self.visit_expr(item.context_expr)
                if item.optional_vars is not None:
                    self.bind_target(item.optional_vars, ("enter", item.context_expr))
        elif isinstance(st, ast.Try) or type(st).__name__ == "TryStar":
            for h in st.handlers:
                if h.name:
                    self.add(h.name, ("assign", h, None))
        for fieldname, value in ast.iter_fields(st):
            if isinstance(value, list):
                if value and isinstance(value[0], ast.stmt):
                    self.bind_body(value)
                elif value and isinstance(value[0], ast.excepthandler):
                    for h in value:
                        self.bind_body(h.body)
                elif value and type(value[0]).__name__ == "match_case":
                    for case in value:
                        self.bind_body(case.body)
                else:
                    for v in value:
                        if isinstance(v, ast.expr):
                            self.visit_expr(v)
            elif isinstance(value, ast.expr) and fieldname not in ("target",):
                if not isinstance(st, (ast.For, ast.AsyncFor)) or fieldname != "iter":
                    self.visit_expr(value)

    def bind_target(self, t: ast.AST, value) -> None:
        if isinstance(t, ast.Name):
            self.add(t.id, ("assign", t, value))
        elif isinstance(t, (ast.Tuple, ast.List)):
            for i, e in enumerate(t.elts):
                if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(t.elts) \
                        and not any(isinstance(x, ast.Starred) for x in t.elts):
                    self.bind_target(e, value.elts[i])
                else:
                    self.bind_target(e, ("item", value, i) if value is not None else None)
        elif isinstance(t, ast.Starred):
            self.bind_target(t.value, None)
        else:
            self.visit_expr(t)

    def visit_expr(self, e: ast.AST) -> None:
        """Find lambdas and walrus targets inside an expression (only on lines that have one)."""
        marks = self.marks
        if not marks:
            return
        lo = getattr(e, "lineno", None)
        if lo is not None:
            hi = getattr(e, "end_lineno", lo) or lo
            if hi - lo < 64:
                if not any(ln in marks for ln in range(lo, hi + 1)):
                    return
        stack = [e]
        while stack:
            n = stack.pop()
            if isinstance(n, ast.Lambda):
                for dflt in n.args.defaults:
                    stack.append(dflt)
                self.child("lambda", n, f"<lambda:{n.lineno}:{n.col_offset}>")
                continue
            if isinstance(n, ast.NamedExpr):
                self.bind_target(n.target, n.value)
            if isinstance(n, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
                for g in n.generators:
                    stack.append(g.iter)
                    stack.extend(g.ifs)
                if isinstance(n, ast.DictComp):
                    stack.extend([n.key, n.value])
                else:
                    stack.append(n.elt)
                continue
            stack.extend(ast.iter_child_nodes(n))


class ModuleFinder:
    """Maps module names to files: the project's own roots first, then the analysis
    environment's import path (installed packages are read as source on demand)."""

    def __init__(self, files: dict[str, SourceFile], roots: list[Path], sys_path: list[str]):
        self.files = files
        self.roots = [Path(r).resolve() for r in roots]
        self.sys_path = [Path(p) for p in sys_path if p and os.path.isdir(p)]
        self.modules: dict = {}  # name, or (name, folder) for a lookup from a folder
        self._inits: dict[Path, bool] = {}
        self.by_path: dict[str, Module] = {}
        self._project_names: dict[str, str] = {}
        for path in files:
            for name in self._names_for(Path(path)):
                self._project_names.setdefault(name, path)

    def _names_for(self, path: Path) -> list[str]:
        """Module names under which a project file can be imported (one per import root)."""
        names = []
        for root in self._roots_for(path):
            try:
                rel = path.relative_to(root)
            except ValueError:
                continue
            parts = list(rel.with_suffix("").parts)
            if parts and parts[-1] == "__init__":
                parts = parts[:-1]
            if parts and all(p.isidentifier() for p in parts):
                names.append(".".join(parts))
        return names

    def _roots_for(self, path: Path) -> list[Path]:
        roots = []
        # The folder of the file itself (a script's sys.path[0]) and the first folder above any
        # package (the folder that holds the outermost __init__.py chain).
        d = path.parent
        roots.append(d)
        top = d
        while (top / "__init__.py").exists() or str(top / "__init__.py") in self.files:
            top = top.parent
        roots.append(top)
        for r in self.roots:
            roots.append(r)
            if (r / "src").is_dir():
                roots.append(r / "src")
        seen, out = set(), []
        for r in roots:
            if r not in seen:
                seen.add(r)
                out.append(r)
        return out

    def module_for_path(self, path: str) -> Module | None:
        if path in self.by_path:
            return self.by_path[path]
        sf = self.files.get(path)
        if sf is None:
            return None
        names = self._names_for(Path(path))
        # Prefer the longest dotted name (the package-qualified one).
        name = max(names, key=lambda n: n.count("."), default=Path(path).stem)
        m = Module(name, sf, Path(path).name == "__init__.py", True)
        self.by_path[path] = m
        self.modules.setdefault(name, m)
        return m

    def find(self, name: str, near: Module | None = None) -> Module | None:
        """The module called `name` (absolute), or None when it is not source we can read.
        Seen from `near`, its own folder comes first (a script's `sys.path[0]`): two scripts in
        different folders each import their own `helpers`."""
        top = name.split(".")[0]
        if top in ("jax", "jaxlib", "numpy", "functools", "builtins", "typing", "os", "sys"):
            return None
        if near is not None:
            # A script: its folder; a module of a package: the folder above its top package.
            base = self._package_root(near) if self._in_package(near) else Path(near.path).parent
            key = (name, str(base))
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
            base = Path(near.path).parent
            mod = self._load_from(base, name, in_project=True)
        if mod is None:
            for sp in self.sys_path:
                mod = self._load_from(sp, name, in_project=False)
                if mod is not None:
                    break
        self.modules[name] = mod
        return mod

    def _in_package(self, module: Module) -> bool:
        return self._has_init(Path(module.path).parent)

    def _has_init(self, folder: Path) -> bool:
        known = self._inits.get(folder)
        if known is None:
            init = folder / "__init__.py"
            known = self._inits[folder] = str(init) in self.files or init.exists()
        return known

    def _package_root(self, module: Module) -> Path:
        folder = Path(module.path).parent
        while self._has_init(folder) and folder.parent != folder:
            folder = folder.parent
        return folder

    def is_extension(self, name: str) -> bool:
        """Whether `name` is a compiled extension module on the import path (no source to read,
        and nothing jedi could follow either)."""
        parts = name.split(".")
        for sp in self.sys_path:
            folder = sp.joinpath(*parts[:-1])
            if folder.is_dir() and any(folder.glob(parts[-1] + ".*.so")) or any(folder.glob(parts[-1] + ".*.pyd")):
                return True
        return False

    def _load_from(self, base: Path, name: str, in_project: bool) -> Module | None:
        parts = name.split(".")
        cand_pkg = base.joinpath(*parts, "__init__.py")
        cand_mod = base.joinpath(*parts[:-1], parts[-1] + ".py")
        for cand, is_pkg in ((cand_pkg, True), (cand_mod, False)):
            key = str(cand.resolve()) if cand.exists() else None
            if key is None:
                continue
            if key in self.by_path:
                return self.by_path[key]
            if key in self.files:
                m = Module(name, self.files[key], is_pkg, True)
            else:
                try:
                    sf = read_file(cand, key)
                except (OSError, DecodeError):
                    return None
                m = Module(name, sf, is_pkg, in_project)
            self.by_path[key] = m
            return m
        return None


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
