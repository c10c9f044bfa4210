"""Imports, and installed modules read lazily. A project module runs its top level when first
imported; an installed package is far too large to run, so a name of its top level is worked
out on demand from the statements that bind it: the last one before the point of use, joined
with earlier ones where it is conditional (`try: from a import f` / `except ImportError: from b
import f` gives both)."""

from __future__ import annotations

import ast
import functools
import importlib.machinery
import sys

from .. import apis
from ..index import resolve_relative
from .frames import Raise
from .values import UNBOUND, Const, Ext, ModV, Unknown, Value, join

_BUSY = object()

_BUILTINS = {"map", "getattr", "hasattr", "isinstance", "frozenset", "set", "tuple", "list", "range", "zip",
             "property", "staticmethod", "classmethod", "len", "print", "dict", "int", "float", "str", "bool",
             "enumerate", "sorted", "reversed", "min", "max", "sum", "super", "type", "object", "any", "all",
             "Exception", "ValueError", "TypeError", "NotImplementedError", "KeyError", "IndexError",
             "AssertionError", "NameError", "AttributeError", "RuntimeError", "ImportError", "slice", "iter",
             "next", "abs", "divmod", "round", "repr", "id", "hash", "callable", "vars", "open", "globals"}


def import_value(interp, al: ast.alias, act) -> Value:
    """What `import a.b.c` (binds `a`; its submodules are found as its attributes) or
    `import a.b.c as x` (binds a.b.c) gives."""
    module = act.scope.module
    return module_value(interp, al.name if al.asname else al.name.split(".")[0], module)


def module_value(interp, name: str, near) -> Value:
    mod = interp.finder.find(name, near)
    if mod is not None and mod.path != near.path:
        interp.module_act(mod)
        return ModV(mod)
    return Ext(apis.canonical(name))


def imports_project_module(interp, name: str, act) -> bool:
    """Whether `import name` imports a module of the project."""
    mod = interp.finder.find(name, act.scope.module)
    return mod is not None and mod.in_project and mod.path != act.scope.module.path


def imports_submodule(interp, st: ast.ImportFrom, al: ast.alias, act) -> bool:
    """Whether `from base import name` imports a module of the project (`from . import steps`)."""
    module = act.scope.module
    base = resolve_relative(st, module.name, module.is_package)
    sub = interp.finder.find(f"{base}.{al.name}", module) if base is not None else None
    return sub is not None and sub.in_project and sub.path != module.path and not _binds(interp, base, al.name, module)


def _binds(interp, base: str, name: str, near) -> bool:
    """Whether package `base` (not the importing module itself) binds `name` at its top level:
    `from base import name` then gives that, not its submodule `name` (an `__init__.py` that
    re-exports `from .mlp import mlp` gives the function)."""
    mod = interp.finder.find(base, near)
    return mod is not None and mod.path != near.path and name in mod.top_bindings


def from_value(interp, st: ast.ImportFrom, al: ast.alias, act) -> Value:
    module = act.scope.module
    base = resolve_relative(st, module.name, module.is_package)
    if base is None:
        return Unknown
    sub = interp.finder.find(f"{base}.{al.name}", module)
    if sub is not None and sub.path != module.path and not _binds(interp, base, al.name, module):
        interp.module_act(sub)
        return ModV(sub)
    mod = interp.finder.find(base, module)
    if mod is not None:
        if mod.path == module.path:
            return Unknown
        return interp.module_attr(mod, al.name)
    v = Ext(apis.canonical(f"{base}.{al.name}"))
    if v.name not in apis.API and not jax_family(base) and importable(base) and not interp.finder.is_extension(base):
        v = _jedi(interp, module, al) or v
    if not base.startswith("jax._src."):  # a private module may keep what the public name lost
        interp._api_ref(v, st, act, f"{base}.{al.name}")
    return v


def star_import(interp, st: ast.ImportFrom, act) -> None:
    """`from m import *`: a project module's public names now; for anything else, names are
    looked up in it when nothing else binds them."""
    module = act.scope.module
    base = resolve_relative(st, module.name, module.is_package)
    if base is None:
        return
    mod = interp.finder.find(base, module)
    if mod is not None and mod.path != module.path and mod.in_project:
        src = interp.module_act(mod)
        names = _public(src)
        for name in names:
            act.bind(name, src.env.get(name, Unknown))
        if not src.lazy:
            return
    act.stars.append((st, base, mod))


def _public(src) -> list:
    all_ = src.env.get("__all__")
    from .values import Seq

    if isinstance(all_, Seq) and all(isinstance(i, Const) and isinstance(i.value, str) for i in all_.items):
        return [i.value for i in all_.items]
    return [n for n in src.env if not n.startswith("_")]


def fallback(interp, mact, name: str) -> Value:
    """A module-level name nothing in the module binds: star imports, then builtins."""
    for st, base, mod in mact.stars:
        if mod is not None and mod.path != mact.scope.module.path:
            if name in mod.top_bindings or "*" in mod.top_bindings:
                return interp.global_value(interp.module_act(mod), name)
            continue
        cand = apis.canonical(f"{base}.{name}")
        if cand in apis.API:
            return Ext(cand)
        if not jax_family(base) and interp.resolver is not None and importable(base) \
                and not interp.finder.is_extension(base):
            resolved = _jedi_star(interp, mact.scope.module, name)
            if resolved is not None:
                return resolved
    if name in _BUILTINS:
        return Ext(f"builtins.{name}")
    return Unknown


def lazy_value(interp, mact, name: str) -> Value:
    """The value of an installed module's top-level `name` at the current point of its
    evaluation (the end of the module, unless a binding of it is being worked out)."""
    before = mact.pos[-1] if mact.pos else None
    key = (name, before)
    cached = mact.cache.get(key)
    if cached is not None:
        return Unknown if cached is _BUSY else cached
    mact.cache[key] = _BUSY
    mod = mact.scope.module
    cands = [b for b in mod.top_bindings.get(name, ()) if before is None or b.index < before]
    values = []
    for b in reversed(cands):
        values.append(_binding(interp, mact, name, b))
        if not b.conditional:
            break
    else:
        if name == "__name__":
            values.append(Const(mod.name))
        elif not cands or "*" in mod.top_bindings or name in _BUILTINS:
            values.append(_lazy_fallback(interp, mact, name))
        else:
            values.append(UNBOUND)
    v = join(values)
    v = Unknown if v is UNBOUND else v
    mact.cache[key] = v
    return v


def _lazy_fallback(interp, mact, name: str) -> Value:
    stars = mact.scope.module.top_bindings.get("*", ())
    if stars and not mact.stars:
        for b in stars:
            star_import(interp, b.what[1], mact)
    return fallback(interp, mact, name)


def _binding(interp, mact, name: str, b) -> Value:
    mact.pos.append(b.index)
    try:
        what = b.what
        ctx = mact.ctx
        if isinstance(what, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return interp.define_function(what, mact, ctx)
        if isinstance(what, ast.ClassDef):
            return interp.define_class(what, mact, ctx)
        kind = what[0]
        if kind == "import":
            return import_value(interp, what[1], mact)
        if kind == "from":
            return from_value(interp, what[2], what[1], mact)
        if kind == "assign":
            _, target, value, st = what
            if value is None:
                return Unknown
            v = interp.eval(value, mact, ctx)
            return _part(st, target, v)
        return Unknown
    except (RecursionError, Raise):
        return Unknown
    finally:
        mact.pos.pop()


def _part(st, target: ast.Name, v: Value) -> Value:
    """The part of an assigned value a name in a tuple target gets."""
    from .machine import unpack

    targets = st.targets if isinstance(st, ast.Assign) else [st.target]
    for t in targets:
        if t is target:
            return v
        if isinstance(t, (ast.Tuple, ast.List)):
            for sub, item in zip(t.elts, unpack(v, t.elts)):
                if sub is target or (isinstance(sub, ast.Starred) and sub.value is target):
                    return item
                if isinstance(sub, (ast.Tuple, ast.List)):
                    found = _part(ast.Assign(targets=[sub]), target, item)
                    if found is not Unknown:
                        return found
    return Unknown


def _jedi(interp, module, alias: ast.alias) -> Ext | None:
    """Ask jedi what an imported name is, when its module is not source we can read and the
    name could be a JAX API under another spelling."""
    if interp.resolver is None or getattr(alias, "lineno", None) is None:
        return None
    line = module.source.line_text(alias.lineno)
    col = line.encode("utf-8")[: alias.col_offset].decode("utf-8", "replace")
    name = interp.resolver.full_name(module.path, module.source.text, alias.lineno, len(col))
    if name is not None and name in apis.API:
        return Ext(name)
    return None


def _jedi_star(interp, module, name: str) -> Ext | None:
    """A name that only a star import can have brought: ask jedi at its first use."""
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Name) and node.id == name:
            line = module.source.line_text(node.lineno)
            col = len(line.encode("utf-8")[: node.col_offset].decode("utf-8", "replace"))
            full = interp.resolver.full_name(module.path, module.source.text, node.lineno, col)
            if full is not None and full in apis.API:
                return Ext(full)
            return None
    return None


@functools.lru_cache(maxsize=1024)
def importable(module_name: str) -> bool:
    """Whether `module_name` may be importable (import hooks and editable installs included),
    found without running anything. Jedi has nothing to say otherwise, and asking it costs a
    process of its own. A module under a namespace package (`google.colab` beside protobuf's
    `google`) is looked up in the folders of that package; under a regular package, whose
    `__init__` may make submodules of its own, the package being there is enough."""
    parts = module_name.split(".")
    try:
        if any(f.find_spec(parts[0], None) is not None for f in sys.meta_path
               if type(f).__module__.startswith("__editable__")):
            return True
        spec = importlib.machinery.PathFinder.find_spec(parts[0])
        for i in range(1, len(parts)):
            if spec is None or spec.submodule_search_locations is None or spec.origin not in (None, "namespace"):
                break
            spec = importlib.machinery.PathFinder.find_spec(".".join(parts[:i + 1]), spec.submodule_search_locations)
        return spec is not None
    except (ImportError, ValueError, AttributeError):
        return False


def jax_family(module_name: str) -> bool:
    """Modules whose names the API table spells out, or that cannot re-export JAX."""
    top = module_name.split(".")[0]
    return top in ("jax", "jaxlib", "numpy", *apis.MODELLED_PACKAGES) or top in sys.stdlib_module_names
