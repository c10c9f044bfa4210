"""Fixes: the edits behind the code actions and `shardlint check --fix`.

Built on demand only (libcst costs 12x `ast.parse`; the diagnostics path never imports this
module). Every fix is located from the engine's facts in `Diagnostic.data` (see the contract in
the engine) against the *current* text: when a node is not where the facts say, no fix is
offered. Edits are minimal (an insertion or a replacement of just the changed span), 1-based,
character columns, end exclusive; they may span files (the diagnostic sits at the collective,
the wrap at the entry point that reaches it).

Why the wrap replicates (`in_specs=P()`, `out_specs=P()`, `check_vma=False`): it keeps every
shape the wrapped function sees exactly as it was under `jit` (a kernel's block shapes, a
`precv` out_shape built from `x.shape`, callers that use the result), works with scalar and
non-divisible inputs, and with meshes whose axes are Explicit (JAX 0.10's `jax.make_mesh`
default, where a sharded `in_specs` must match the input's sharding). It is a guess about the
user's intent, hence "unsafe"; the second action shards the arguments over the call's axes.
"""

from __future__ import annotations

import bisect
import io
import os
import re
import shutil
import tempfile
import tokenize
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import libcst as cst
from libcst.metadata import MetadataWrapper, ParentNodeProvider, PositionProvider

from .config import Config
from .diagnostics import Diagnostic, Edit, Fix, Severity
from .suppressions import IGNORE_RE

WRAP_CODES = frozenset({"SHL001", "SHL002", "SHL003", "SHL004", "SHL005"})
NEWEST_JAX = (0, 10, 2)
# First version seen here with `jax.shard_map(..., check_vma=, axis_names=)` (0.6.2 has it; the
# experimental `shard_map(..., check_rep=, auto=)` is used below that).
TOP_LEVEL_SHARD_MAP = (0, 6, 2)
ABSTRACT_MESH_CONTEXT = (0, 7, 1)  # jax.set_mesh and jax.sharding.use_abstract_mesh
DICT_DEVICE_ID = (0, 8, 0)  # Pallas TPU `device_id={axis: index}` (0.8.2 has it, 0.6.2 does not)
MAX_ROUNDS = 8

TITLE_WRAP = "Wrap in jax.shard_map"
TITLE_MANUAL = "Make all mesh axes manual"
TITLE_PMAP = "Replace jax.pmap with jax.shard_map"
TITLE_SUPPRESS = "Suppress with "
TITLE_PPERMUTE = "Replace the psend/precv pair with jax.lax.ppermute"

_BLOCK_COLLECTIVES = frozenset({"all_gather", "psum_scatter", "reduce_scatter"})
_PSPEC = ("jax.sharding.PartitionSpec", "jax.P", "jax.sharding.P")
_SHARD_MAP = ("jax.shard_map",)
_EXP_SHARD_MAP = ("jax.experimental.shard_map.shard_map",)
_PARTIAL = ("functools.partial",)


@dataclass
class FixResult:
    applied: int
    files: list[str]
    texts: dict[str, str] = field(default_factory=dict)  # changed file -> its fixed text


# ----------------------------------------------------------------------------------------------
# The parsed view of one file


class _Module:
    """One file's text, its libcst tree with positions and parents, and its import bindings."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        self.newline = _newline_of(text)
        self.lines = text.splitlines(keepends=True)
        self.module = cst.parse_module(text)
        wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
        self.pos = wrapper.resolve(PositionProvider)
        self.parent = wrapper.resolve(ParentNodeProvider)
        self.bindings: dict[str, str] = {}  # local name -> qualified name (top-level imports)
        self.import_ends: list[int] = []  # last line of each top-level import statement
        self.names = set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", text))
        for stmt in self.module.body:
            self._scan_imports(stmt)

    def _scan_imports(self, stmt) -> None:
        if isinstance(stmt, cst.SimpleStatementLine):
            found = False
            for small in stmt.body:
                if isinstance(small, cst.Import):
                    found = True
                    for alias in small.names:
                        dotted = _dotted(alias.name)
                        if alias.asname is not None:
                            self.bindings[alias.asname.name.value] = dotted
                        else:
                            head = dotted.split(".")[0]
                            self.bindings[head] = head
                elif isinstance(small, cst.ImportFrom) and small.relative == () and small.module is not None:
                    found = True
                    if isinstance(small.names, cst.ImportStar):
                        continue
                    mod = _dotted(small.module)
                    for alias in small.names:
                        name = _dotted(alias.name)
                        local = alias.asname.name.value if alias.asname is not None else name
                        self.bindings[local] = f"{mod}.{name}"
                elif isinstance(small, cst.ImportFrom):
                    found = True
            if found:
                self.import_ends.append(self.pos[stmt].end.line)
        elif isinstance(stmt, (cst.If, cst.Try)):
            # `try: import x / except ImportError:` and `if TYPE_CHECKING:` bind names too
            for inner in stmt.body.body:
                if isinstance(inner, cst.SimpleStatementLine):
                    before = len(self.import_ends)
                    self._scan_imports(inner)
                    if len(self.import_ends) > before:
                        self.import_ends[-1] = self.pos[stmt].end.line

    # -- locating nodes ------------------------------------------------------------------------

    def node_at(self, span: dict, types: tuple) -> cst.CSTNode | None:
        """The outermost node of one of `types` whose range is exactly `span` (1-based)."""
        want = (span["line"], span["column"] - 1, span["end_line"], span["end_column"] - 1)
        best = None
        for node, r in self.pos.items():
            if isinstance(node, types) and (r.start.line, r.start.column, r.end.line, r.end.column) == want:
                if best is None or self._is_ancestor(node, best):
                    best = node
        return best

    def _is_ancestor(self, a, b) -> bool:
        cur = self.parent.get(b)
        while cur is not None:
            if cur is a:
                return True
            cur = self.parent.get(cur)
        return False

    def function_at(self, line: int, name: str | None) -> cst.FunctionDef | None:
        for node, r in self.pos.items():
            if isinstance(node, cst.FunctionDef) and r.start.line == line:
                if name is None or node.name.value == name:
                    return node
        return None

    def statement_of(self, node) -> cst.CSTNode:
        """The innermost statement containing `node` that starts its own line (so that a new
        statement can go right above it, at its indentation)."""
        cur = node
        while cur is not None:
            if isinstance(cur, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
                parent = self.parent.get(cur)
                is_elif = isinstance(cur, cst.If) and isinstance(parent, cst.If) and parent.orelse is cur
                if not is_elif and self._starts_line(cur):
                    return cur
            cur = self.parent.get(cur)
        raise LookupError("no statement")

    def start_of(self, stmt) -> tuple[int, int]:
        """(line, 0-based column) where `stmt` starts, decorators included."""
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)) and stmt.decorators:
            r = self.pos[stmt.decorators[0]]
        else:
            r = self.pos[stmt]
        return r.start.line, r.start.column

    def _starts_line(self, stmt) -> bool:
        line, col = self.start_of(stmt)
        return self.line_text(line)[:col].strip() == ""

    def top_level_of(self, node) -> cst.CSTNode:
        cur = node
        while not isinstance(self.parent.get(cur), cst.Module):
            cur = self.parent[cur]
        return cur

    def line_text(self, line: int) -> str:
        if 0 < line <= len(self.lines):
            return self.lines[line - 1].rstrip("\r\n")
        return ""

    def text_of(self, node) -> str:
        return self.module.code_for_node(node)

    # -- names ---------------------------------------------------------------------------------

    def spell(self, quals: Iterable[str], via_module: bool = True) -> str | None:
        """How this file can already write one of the qualified names `quals` (a name bound to
        it; else, with `via_module`, an attribute of a bound module), or None."""
        quals = tuple(quals)
        for local, bound in self.bindings.items():
            if bound in quals:
                return local
        if not via_module:
            return None
        for qual in quals:
            parts = qual.split(".")
            for i in range(len(parts) - 1, 0, -1):
                prefix = ".".join(parts[:i])
                for local, bound in self.bindings.items():
                    if bound == prefix:
                        return ".".join([local] + parts[i:])
        return None

    def fresh(self, base: str, taken: set[str] = frozenset()) -> str:
        name, n = base, 1
        while name in self.names or name in taken:
            n += 1
            name = f"{base}_{n}"
        return name


def _dotted(node) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    raise TypeError(f"not a dotted name: {type(node).__name__}")


# ----------------------------------------------------------------------------------------------
# Edits that several fixes share: imports and a mesh


class _Builder:
    """Collects the names a fix needs, the imports that make them available, and the edits."""

    def __init__(self, mod: _Module):
        self.mod = mod
        self.imports: list[str] = []
        self.edits: list[Edit] = []
        self._names: dict[str, str] = {}

    def name(self, quals: tuple[str, ...], module: str, attr: str, local: str) -> str:
        """A spelling of `module.attr` (any of `quals`): a name the file binds to it; else
        `local`, imported (`from module import attr as local`) when that name is free; else an
        attribute of a module the file imports; else a fresh alias, imported."""
        key = quals[0]
        if key not in self._names:
            spelled = self.mod.spell(quals, via_module=False)
            if spelled is None and local in self.mod.names:
                spelled = self.mod.spell(quals)
            if spelled is None:
                spelled = local if local not in self.mod.names else self.mod.fresh(local)
                self.imports.append(f"from {module} import {attr}" + (f" as {spelled}" if spelled != attr else ""))
            self._names[key] = spelled
        return self._names[key]

    def jax(self) -> str:
        if "jax" not in self._names:
            local = next((n for n, bound in self.mod.bindings.items() if bound == "jax"), None)
            if local is None:
                local = "jax"
                self.imports.append("import jax")
            self._names["jax"] = local
        return self._names["jax"]

    def pspec(self) -> str:
        return self.name(_PSPEC, "jax.sharding", "PartitionSpec", "P")

    def partial(self) -> str:
        return self.name(_PARTIAL, "functools", "partial", "partial")

    def shard_map(self, modern: bool) -> str:
        if modern:
            spelled = self.mod.spell(_SHARD_MAP)
            if spelled is not None:
                return spelled
            return f"{self.jax()}.shard_map"
        return self.name(_EXP_SHARD_MAP, "jax.experimental.shard_map", "shard_map", "shard_map")

    def insert_before(self, stmt, text_lines: list[str]) -> None:
        """Insert lines above `stmt` and above the comment lines that belong to it."""
        line, col = self.mod.start_of(stmt)
        indent = self.mod.line_text(line)[:col]
        for empty in reversed(getattr(stmt, "leading_lines", ())):
            if empty.comment is None:
                break
            line -= 1
        nl = self.mod.newline
        self.edits.append(Edit(self.mod.path, line, 1, line, 1,
                               "".join((indent + t if t else "") + nl for t in text_lines)))

    def finish(self, anchor) -> tuple[Edit, ...]:
        """The edits, with one import edit after the last top-level import above `anchor`."""
        edits = list(self.edits)
        if self.imports:
            top_line = self.mod.start_of(self.mod.top_level_of(anchor))[0]
            ends = [e for e in self.mod.import_ends if e < top_line]
            if ends:
                at = max(ends) + 1
            else:
                at = self._after_docstring()
            edits.append(_insert_lines(self.mod, at, self.imports))
            # LSP: inserts at one position land in array order; imports go before a mesh
            edits.insert(0, edits.pop())
        return tuple(sorted(edits, key=lambda e: (e.line, e.column)))

    def _after_docstring(self) -> int:
        body = self.mod.module.body
        if body and _is_docstring(body[0]):
            return self.mod.pos[body[0]].end.line + 1
        return 1


def _insert_lines(mod: _Module, line: int, texts: list[str]) -> Edit:
    nl = mod.newline
    if line <= len(mod.lines):
        return Edit(mod.path, line, 1, line, 1, "".join(t + nl for t in texts))
    last = mod.lines[-1] if mod.lines else ""
    if last.endswith(("\n", "\r")):
        return Edit(mod.path, len(mod.lines) + 1, 1, len(mod.lines) + 1, 1, "".join(t + nl for t in texts))
    n = len(mod.lines) or 1
    col = len(last) + 1
    return Edit(mod.path, n, col, n, col, "".join(nl + t for t in texts))


def _mesh(b: _Builder, meshes: list, axes: list[str], before) -> tuple[str, bool]:
    """A mesh name visible at `before` with every axis in `axes` (inserted when none is), and
    whether its axes are Explicit."""
    for m in meshes or ():
        if isinstance(m, dict) and m.get("name") and set(axes) <= set(m.get("axes") or ()):
            return m["name"], bool(m.get("explicit"))
    axes = list(axes) or ["x"]
    # `Mesh`, not `jax.make_mesh`: its axes are Auto on every JAX version, whereas make_mesh
    # makes Explicit axes on JAX 0.10, where a sharded in_specs must match the inputs' sharding.
    mesh_cls = b.mod.spell(("jax.sharding.Mesh",), via_module=False) or f"{b.jax()}.sharding.Mesh"
    devices = f"{b.jax()}.devices()"
    if len(axes) > 1:
        devices = f"[{'[' * (len(axes) - 2)}[d]{']' * (len(axes) - 2)} for d in {devices}]"
    names = ", ".join(f'"{a}"' for a in axes) + ("," if len(axes) == 1 else "")
    name = b.mod.fresh("mesh")
    stmt = b.mod.statement_of(before)
    lines = [f"{name} = {mesh_cls}({devices}, ({names}))"]
    if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
        # keep the blank lines PEP 8 puts between a definition and other code
        lines += [""] * (2 if isinstance(b.mod.parent.get(stmt), cst.Module) else 1)
    b.insert_before(stmt, lines)
    return name, False


# ----------------------------------------------------------------------------------------------
# Versions


def _parse_version(v) -> tuple[int, ...] | None:
    if not isinstance(v, str):
        return None
    parts = re.findall(r"\d+", v)[:3]
    return tuple(int(p) for p in parts) if parts else None


def _target_version(diag: Diagnostic, config: Config) -> tuple[int, ...]:
    return _parse_version(diag.data.get("jax_version")) or _parse_version(config.jax_version) or NEWEST_JAX


# ----------------------------------------------------------------------------------------------
# The fixes


def fixes_for(diag: Diagnostic, read: Callable[[str], str], config: Config) -> list[Fix]:
    """Every fix for `diag`, preferred first. `read(path)` returns a file's current text."""
    modules: dict[str, _Module | None] = {}

    def module(path: str) -> _Module | None:
        if path not in modules:
            try:
                modules[path] = _Module(path, read(path))
            except (OSError, UnicodeError, cst.ParserSyntaxError, RecursionError):
                modules[path] = None
        return modules[path]

    data = diag.data or {}
    # A diagnostic may carry its own fix, built without libcst (removing an unused suppression).
    out: list[Fix] = [diag.fix] if diag.fix is not None else []
    builders = []
    if isinstance(data.get("shard_map"), dict) and diag.code in WRAP_CODES:
        builders.append(_manual_axes_fix)
    if isinstance(data.get("vma_call"), dict):
        builders.append(_check_vma_fix)
    if isinstance(data.get("shard_map_call"), dict):
        builders.append(_context_mesh_fix)
    if isinstance(data.get("make_mesh_call"), dict):
        builders.append(_auto_axes_fix)
    if isinstance(data.get("set_mesh_call"), dict):
        builders.append(_abstract_mesh_fix)
    if isinstance(data.get("pallas_call"), dict) and diag.code == "SHL107":
        builders.append(_collective_id_add_fix)
    pmap = data.get("pmap")
    # Under pmap, shard_map helps only when pmap binds the axes the call names (a misspelt
    # axis is no scope problem: no wrap repairs it).
    pmap_ok = not isinstance(pmap, dict) or set(data.get("axes") or ()) <= {pmap.get("axis_name")}
    if isinstance(pmap, dict) and pmap_ok:
        builders.append(_pmap_fix)
    if data.get("send_recv") in ("send", "recv"):
        # where send/recv cannot work (a backend without it, under grad or vmap), ppermute does
        builders.append(_ppermute_fix)
    if isinstance(data.get("rename_axis"), dict):
        # an axis that a vmap, pmap or shard_map around the call binds under another name: a
        # misspelling, which no wrap repairs
        builders.append(_rename_axis_fix)
    if isinstance(data.get("wrap"), dict) and diag.code in WRAP_CODES and pmap_ok:
        # A gather or a reduce-scatter works on blocks: over replicated operands the shapes it
        # gives no longer fit the code around it, so the sharded wrap comes first there.
        blocks = str(data.get("api") or "").rsplit(".", 1)[-1] in _BLOCK_COLLECTIVES
        builders += [_wrap_sharded_fix, _wrap_fix] if blocks else [_wrap_fix, _wrap_sharded_fix]
    if isinstance(data.get("device_id"), dict) and diag.code == "SHL105":
        builders.append(_device_id_axis_fix)
    if isinstance(data.get("perm"), dict) and diag.code in ("SHL103", "SHL106"):
        builders.append(_perm_fix)
    if diag.code == "SHL104":
        builders.append(_collective_id_fix)
    if diag.code == "SHL008":
        builders.append(_version_fix)
    for build in builders:
        try:
            fix = build(diag, data, module, config)
        except (AttributeError, LookupError, TypeError, ValueError):
            fix = None  # the facts do not match the current text: offer nothing
        if fix is not None:
            out.append(fix)
    sup = _suppress_fix(diag, module)
    if sup is not None:
        out.append(sup)
    return out


def _wrap_kwargs(b: _Builder, diag: Diagnostic, data: dict, config: Config, anchor, sharded: bool):
    modern = _target_version(diag, config) >= TOP_LEVEL_SHARD_MAP
    axes = [a for a in data.get("axes") or () if isinstance(a, str)]
    smap = b.shard_map(modern)
    p = b.pspec()
    mesh, explicit = _mesh(b, data.get("meshes") or [], axes, anchor)
    if explicit and not sharded:
        # over an Explicit mesh shard_map takes the specs from the arguments' own shardings
        kwargs = f"mesh={mesh}, out_specs={p}(), check_vma=False"
    elif sharded:
        spec = f'{p}("{axes[0]}")' if len(axes) == 1 else f"{p}(({', '.join(f'{chr(34)}{a}{chr(34)}' for a in axes)}))"
        kwargs = f"mesh={mesh}, in_specs={spec}, out_specs={spec}"
        if data.get("pallas"):
            kwargs += ", check_vma=False" if modern else ", check_rep=False"
    else:
        kwargs = f"mesh={mesh}, in_specs={p}(), out_specs={p}(), " + ("check_vma=False" if modern else "check_rep=False")
    return modern, smap, kwargs


def _wrap(diag, data, module, config, sharded: bool) -> Fix | None:
    w = data["wrap"]
    axes = [a for a in data.get("axes") or () if isinstance(a, str)]
    if sharded and not axes:
        return None
    mod = module(w["path"])
    if mod is None:
        return None
    kind = w.get("kind")
    if kind in ("arg", "call"):
        node = mod.node_at(w, (cst.BaseExpression,))
        if kind == "call" and isinstance(node, cst.Call):
            node = node.func  # an eager call `f(x)`: wrap the callee
        if node is None:
            return None
        b = _Builder(mod)
        jit = mod.parent.get(mod.parent.get(node))
        func = _def_named(mod, node.value) if isinstance(node, cst.Name) and kind == "arg" else None
        static = _static_params(func, (jit,)) if func is not None and isinstance(jit, cst.Call) else []
        if static is None:
            return None
        if static:
            # `jax.jit(step, static_argnums=...)`: the static arguments stay out of the shard_map
            if not _wrap_body(b, diag, data, config, func, static, sharded):
                return None
        else:
            _, smap, kwargs = _wrap_kwargs(b, diag, data, config, node, sharded)
            r = mod.pos[node]
            b.edits.append(Edit(mod.path, r.start.line, r.start.column + 1, r.start.line, r.start.column + 1,
                                f"{smap}("))
            b.edits.append(Edit(mod.path, r.end.line, r.end.column + 1, r.end.line, r.end.column + 1, f", {kwargs})"))
    elif kind == "decorator":
        node = mod.function_at(w.get("def_line") or w["line"], w.get("function"))
        if node is None:
            return None
        b = _Builder(mod)
        static = _static_params(node)
        if static is None:
            return None
        if static:
            if not _wrap_body(b, diag, data, config, node, static, sharded):
                return None
        else:
            modern, smap, kwargs = _wrap_kwargs(b, diag, data, config, node, sharded)
            r = mod.pos[node]
            indent = mod.line_text(r.start.line)[:r.start.column]
            b.edits.append(Edit(mod.path, r.start.line, 1, r.start.line, 1,
                                f"{indent}@{_decorator(b, modern, smap, kwargs)}{mod.newline}"))
    else:
        return None
    title = TITLE_WRAP if not sharded else f"{TITLE_WRAP} (arguments sharded over {', '.join(axes)})"
    return Fix(title, "unsafe", b.finish(node))


def _static_params(func: cst.FunctionDef, calls=()) -> list[str] | None:
    """The parameters of `func` that a decorator of it, or one of `calls` (`jax.jit(func,
    static_argnums=...)`), marks static with literal values; None when they are given in a form
    we cannot read."""
    positional = [p.name.value for p in (*func.params.posonly_params, *func.params.params)]
    static: list[str] = []
    for call in (*(d.decorator for d in func.decorators), *calls):
        if not isinstance(call, cst.Call):
            continue
        for arg in call.args:
            if arg.keyword is None or arg.keyword.value not in ("static_argnums", "static_argnames"):
                continue
            values = arg.value.elements if isinstance(arg.value, (cst.Tuple, cst.List)) else [arg.value]
            for v in values:
                v = v.value if isinstance(v, cst.BaseElement) else v
                if isinstance(v, cst.Integer) and int(v.value, 0) < len(positional):
                    static.append(positional[int(v.value, 0)])
                elif _literal_str(v) is not None:
                    static.append(_literal_str(v))
                else:
                    return None
    return static


def _def_named(mod: _Module, name: str) -> cst.FunctionDef | None:
    """The one module-level `def name`."""
    found = [s for s in mod.module.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    return found[0] if len(found) == 1 else None


def _decorator(b: _Builder, modern: bool, smap: str, kwargs: str) -> str:
    """The shard_map decorator expression (without `@`) for the target JAX version."""
    return f"{smap}({kwargs})" if modern else f"{b.partial()}({smap}, {kwargs})"


def _wrap_body(b: _Builder, diag, data, config, func: cst.FunctionDef, static: list[str], sharded: bool) -> bool:
    """A jitted function with static parameters cannot be a shard_map itself (its static
    arguments would become operands): its body moves into an inner function of the other
    parameters, decorated with shard_map, which the function calls and returns. Adds the edit
    to `b`; False when the function's shape does not allow it."""
    mod = b.mod
    params = func.params
    if params.star_arg != cst.MaybeSentinel.DEFAULT or params.star_kwarg is not None:
        return False
    names = [p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)]
    dynamic = [n for n in names if n not in static]
    if not dynamic or not isinstance(func.body, cst.IndentedBlock):
        return False
    body = list(func.body.body)
    doc = body[:1] if body and _is_docstring(body[0]) else []
    if not body[len(doc):]:
        return False
    # the mesh goes above the module-level statement: the inner def must see it
    modern, smap, kwargs = _wrap_kwargs(b, diag, data, config, mod.top_level_of(func), sharded)
    inner_name = mod.fresh(f"{func.name.value}_sharded")
    inner = func.with_changes(
        name=cst.Name(inner_name), leading_lines=[],
        decorators=[cst.Decorator(cst.parse_expression(_decorator(b, modern, smap, kwargs)))],
        params=cst.Parameters(params=[cst.Param(cst.Name(n)) for n in dynamic]), returns=None,
        body=func.body.with_changes(body=body[len(doc):]))
    call = cst.parse_statement(f"return {inner_name}({', '.join(dynamic)})", config=mod.module.config_for_parsing)
    new = mod.module.deep_replace(func, func.with_changes(body=func.body.with_changes(body=[*doc, inner, call])))
    b.edits.append(_text_change(mod, new.code))
    return True


def _is_docstring(stmt) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(
        stmt.body[0], cst.Expr) and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))


def _text_change(mod: _Module, new: str) -> Edit:
    """One edit turning the file's text into `new`: the span between their common prefix and
    suffix."""
    old = mod.text
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    starts = _line_starts(old)

    def position(offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(starts, offset) - 1
        return line + 1, offset - starts[line] + 1

    (l0, c0), (l1, c1) = position(start), position(len(old) - end)
    return Edit(mod.path, l0, c0, l1, c1, new[start:len(new) - end])


def _wrap_fix(diag, data, module, config):
    return _wrap(diag, data, module, config, sharded=False)


def _wrap_sharded_fix(diag, data, module, config):
    return _wrap(diag, data, module, config, sharded=True)


def _call_at(module, spec: dict) -> tuple["_Module", cst.Call] | None:
    """The file and the call the facts `spec` point at, or None when the text moved on."""
    mod = module(spec["path"])
    if mod is None:
        return None
    call = mod.node_at(spec, (cst.Call,))
    return None if call is None else (mod, call)


def _drop_keyword(module, spec: dict, keyword: str, title: str) -> Fix | None:
    """A safe fix removing `keyword=` from the call at `spec`."""
    found = _call_at(module, spec)
    if found is None:
        return None
    mod, call = found
    idx = _keyword_index(call, keyword)
    return None if idx is None else Fix(title, "safe", (_remove_arg(mod, call, idx),))


def _manual_axes_fix(diag, data, module, config) -> Fix | None:
    sm = data["shard_map"]
    return _drop_keyword(module, sm, sm.get("keyword") or "axis_names", TITLE_MANUAL)


def _check_vma_fix(diag, data, module, config) -> Fix | None:
    """SHL108: `check_vma=False` (`check_rep=False`) on the shard_map around the kernel."""
    spec = data["vma_call"]
    keyword = spec["keyword"]
    found = _call_at(module, spec)
    if found is None or not found[1].args:
        return None
    mod, call = found
    title = f"Pass {keyword}=False to the shard_map"
    idx = _keyword_index(call, keyword)
    if idx is not None:
        return Fix(title, "safe", (_replace_node(mod, call.args[idx].value, "False"),))
    return Fix(title, "safe", (_append_kwarg(mod, call, f"{keyword}=False"),))


def _context_mesh_fix(diag, data, module, config) -> Fix | None:
    """SHL012: the inner shard_map takes the context mesh (drop its `mesh=`)."""
    return _drop_keyword(module, data["shard_map_call"], "mesh", "Use the context mesh (drop mesh=)")


def _abstract_mesh_fix(diag, data, module, config) -> Fix | None:
    """SHL010: under a trace, `with jax.set_mesh(m):` becomes `with
    jax.sharding.use_abstract_mesh(m.abstract_mesh):`, which JAX allows there and which gives
    the traced code the same context mesh (a trace only ever sees the abstract one)."""
    found = _call_at(module, data["set_mesh_call"])
    if found is None:
        return None
    mod, call = found
    if not isinstance(mod.parent.get(call), cst.WithItem) or len(call.args) != 1 or call.args[0].keyword:
        return None
    if _target_version(diag, config) < ABSTRACT_MESH_CONTEXT:
        return _drop_mesh_context(mod, mod.parent[mod.parent[call]])
    mesh = call.args[0].value
    text = mod.text_of(mesh)
    if not isinstance(mesh, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
        text = f"({text})"
    b = _Builder(mod)
    b.edits.append(_replace_node(mod, call, f"{b.jax()}.sharding.use_abstract_mesh({text}.abstract_mesh)"))
    return Fix("Use the abstract mesh under the trace (jax.sharding.use_abstract_mesh)", "safe", b.finish(call))


def _rename_axis_fix(diag, data, module, config) -> Fix | None:
    """SHL005/SHL006 with a misspelt axis: the string literal naming it in the call (alone or in
    a tuple of axes; or where a name the call passes is assigned) becomes the bound axis the
    rule found closest; in a tuple that already names that axis, the literal is dropped."""
    rename = data["rename_axis"]
    old, new = rename["axis"], rename["to"]
    found = _call_at(module, {**_diag_span(diag), "path": diag.path})
    if found is None:
        return None
    mod, call = found

    def spelled(string: cst.SimpleString) -> str:  # the new name, quoted as the old one was
        return f"{string.quote}{new}{string.quote}"

    for arg in call.args:
        value = arg.value
        if isinstance(value, cst.Name):  # axes held by a name: fixed where it is assigned
            value = _assigned_value(mod, call, value.value)
        if _literal_str(value) == old:
            return Fix(f"Use axis {new!r}", "unsafe", (_replace_node(mod, value, spelled(value)),))
        if isinstance(value, (cst.Tuple, cst.List)):
            names = [_literal_str(e.value) for e in value.elements]
            if old not in names:
                continue
            el = value.elements[names.index(old)]
            if new not in names:
                return Fix(f"Use axis {new!r}", "unsafe", (_replace_node(mod, el.value, spelled(el.value)),))
            kept = [mod.text_of(e.value) for e in value.elements if e is not el]
            return Fix(f"Drop axis {old!r}", "unsafe", (_replace_node(mod, value, _sequence(value, kept)),))
    return None


def _device_id_axis_fix(diag, data, module, config) -> Fix | None:
    """SHL105 with a one-entry MESH device id: `device_id=(peer,)` becomes `device_id={axis:
    peer}`, which Pallas completes with the device's own index along every other mesh axis."""
    if _target_version(diag, config) < DICT_DEVICE_ID:
        return None
    spec = data["device_id"]
    found = _call_at(module, spec)
    if found is None:
        return None
    mod, call = found
    value = _argument(call, "device_id", 2 if spec.get("signal") else 4)
    if value is None:
        return None
    if isinstance(value, cst.Dict):
        return None
    if isinstance(value, (cst.Tuple, cst.List)):
        if len(value.elements) != 1:
            return None
        peer = mod.text_of(value.elements[0].value)
    else:
        peer = mod.text_of(value)
    key = f'"{spec["axis"]}"'
    index = spec.get("axis_index")
    if isinstance(index, dict) and _key(index["path"]) == _key(mod.path):
        named = mod.node_at(index, (cst.Call,))
        axis_arg = named.args[0].value if named is not None and named.args else None
        if isinstance(axis_arg, cst.SimpleString):
            key = mod.text_of(axis_arg)
        elif isinstance(axis_arg, cst.Name) and _encloses(mod, _function_of(mod, named), call):
            key = axis_arg.value
    return Fix(f"Address the peer along axis {spec['axis']!r} (device_id={{{key}: ...}})", "unsafe",
               (_replace_node(mod, value, f"{{{key}: {peer}}}"),))


def _perm_fix(diag, data, module, config) -> Fix | None:
    """SHL106: the perm keeps only the pairs inside the axis; SHL103: only the first pair of
    each repeated source or destination. A literal list of pairs loses the others; for SHL106 a
    comprehension `[(s, s + 1) for s in range(n)]` gets an `if s + 1 < size` clause. A perm
    held by a name is fixed where the name is assigned (once, in the calling function or at
    module level), so psend and precv stay paired."""
    spec = data["perm"]
    size = spec.get("size")
    in_range = diag.code == "SHL106"
    if in_range and (spec.get("negative") or not isinstance(size, int)):
        return None
    found = _call_at(module, {**_diag_span(diag), "path": diag.path})
    if found is None:
        return None
    mod, call = found
    perm = _argument(call, "perm", spec["position"])
    if isinstance(perm, cst.Name):
        perm = _assigned_value(mod, call, perm.value)
    title = (f"Keep only the perm pairs inside the axis (indices below {size})" if in_range else
             "Keep only the first pair of each repeated source or destination")
    if isinstance(perm, (cst.List, cst.Tuple)):
        pairs = [_int_pair(e.value) for e in perm.elements]
        if not pairs or None in pairs:
            return None
        keep, sources, destinations = [], set(), set()
        for p in pairs:
            keep.append(max(p) < size if in_range else p[0] not in sources and p[1] not in destinations)
            sources.add(p[0])
            destinations.add(p[1])
        kept = [mod.text_of(e.value) for e, k in zip(perm.elements, keep) if k]
        if not kept or len(kept) == len(pairs):
            return None
        return Fix(title, "unsafe", (_replace_node(mod, perm, _sequence(perm, kept)),))
    if in_range and isinstance(perm, (cst.ListComp, cst.GeneratorExp)) and isinstance(perm.elt, cst.Tuple) \
            and len(perm.elt.elements) == 2 and perm.for_in.inner_for_in is None:
        sides = [e.value for e, bad in zip(perm.elt.elements, (spec.get("sources"), spec.get("destinations"))) if bad]
        if not sides or perm.for_in.ifs:
            return None  # nothing to filter, or the author filters the pairs already
        cond = " and ".join(f"{mod.text_of(e)} < {size}" for e in sides)
        at = mod.pos[perm.for_in].end
        return Fix(title, "unsafe", (Edit(mod.path, at.line, at.column + 1, at.line, at.column + 1, f" if {cond}"),))
    return None


def _ppermute_fix(diag, data, module, config) -> Fix | None:
    """SHL007 (a backend without send/recv), SHL009 (under grad), SHL001/SHL002 under vmap,
    SHL008 (JAX before 0.7 has no psend/precv):
    `tok = psend(x, axis, perm)` and `precv(tok, shape, axis, perm)` in one function are one
    `ppermute(x, axis, perm)`, which every backend lowers, JAX differentiates and vmap batches:
    the psend statement goes, the precv call becomes the ppermute. Offered from either
    diagnostic (the same edits)."""
    mod = module(diag.path)
    call = mod.node_at(_diag_span(diag), (cst.Call, cst.Attribute, cst.Name)) if mod is not None else None
    if call is not None and not isinstance(call, cst.Call):  # SHL008 points at the name
        parent = mod.parent.get(call)
        call = parent if isinstance(parent, cst.Call) and parent.func is call else None
    if call is None and mod is not None:  # SHL008 at `from jax.lax import psend`: its one call
        local = mod.spell((f"jax.lax.p{data['send_recv']}",), via_module=False)
        calls = [n for n in _walk(mod.module) if isinstance(n, cst.Call) and isinstance(n.func, cst.Name)
                 and n.func.value == local]
        call = calls[0] if len(calls) == 1 else None
    if call is None:
        return None
    func = _function_of(mod, call)
    if not isinstance(func, cst.FunctionDef):
        return None
    calls = [n for n in _walk(func) if isinstance(n, cst.Call) and _callee_name(n.func) in ("psend", "precv")]
    if data["send_recv"] == "send":
        stmt = mod.statement_of(call)
        token = _assigned_name(stmt, call)
        recvs = [c for c in calls if _callee_name(c.func) == "precv" and c.args
                 and isinstance(c.args[0].value, cst.Name) and c.args[0].value.value == token]
        if token is None or len(recvs) != 1:
            return None
        send, recv = call, recvs[0]
    else:
        tok = call.args[0].value if call.args and call.args[0].keyword is None else None
        if not isinstance(tok, cst.Name):
            return None
        sends = [c for c in calls if _callee_name(c.func) == "psend"
                 and _assigned_name(mod.statement_of(c), c) == tok.value]
        if len(sends) != 1:
            return None
        send, recv, token = sends[0], call, tok.value
    uses = [n for n in _walk(func) if isinstance(n, cst.Name) and n.value == token]
    s_args, r_args = _send_recv_args(send, ("x", "axis_name", "perm")), _send_recv_args(
        recv, ("token", "out_shape", "axis_name", "perm"))
    if len(uses) != 2 or s_args is None or r_args is None:
        return None
    text = {k: " ".join(mod.text_of(v).split()) for k, v in (*s_args.items(), *(("r_" + k, v) for k, v in r_args.items()))}
    if text["axis_name"] != text["r_axis_name"] or text["perm"] != text["r_perm"]:
        return None
    b = _Builder(mod)
    if isinstance(send.func, cst.Attribute):
        ppermute = f"{mod.text_of(send.func.value)}.ppermute"
    else:
        ppermute = b.name(("jax.lax.ppermute",), "jax.lax", "ppermute", "ppermute")
    stmt = mod.statement_of(send)
    r = mod.pos[stmt]
    b.edits.append(Edit(mod.path, r.start.line, 1, r.end.line + 1, 1, ""))
    args = ", ".join(mod.text_of(s_args[k]) for k in ("x", "axis_name", "perm"))
    b.edits.append(_replace_node(mod, recv, f"{ppermute}({args})"))
    b.edits += _drop_imported([c.func.value for c in (send, recv) if isinstance(c.func, cst.Name)], mod)
    return Fix(TITLE_PPERMUTE, "unsafe", b.finish(stmt))


def _drop_imported(names: list[str], mod: _Module) -> list[Edit]:
    """Edits taking `names` (each used once, by the code the fix removes) out of the module's
    top-level `from ... import` statements: JAX versions without psend/precv cannot import
    them."""
    uses = {n: 0 for n in names}
    for node in _walk(mod.module):
        if isinstance(node, cst.Name) and node.value in uses and not isinstance(mod.parent.get(node), cst.ImportAlias):
            uses[node.value] += 1
    gone = {n for n, k in uses.items() if k == names.count(n)}
    edits = []
    for stmt in mod.module.body:
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                and isinstance(stmt.body[0], cst.ImportFrom) and not isinstance(stmt.body[0].names, cst.ImportStar)):
            continue
        imp = stmt.body[0]
        kept = [a for a in imp.names if a.asname is not None or _dotted(a.name) not in gone]
        if len(kept) == len(imp.names):
            continue
        r = mod.pos[stmt]
        if not kept:
            edits.append(Edit(mod.path, r.start.line, 1, r.end.line + 1, 1, ""))
        else:
            new = imp.with_changes(names=[a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in kept])
            edits.append(_replace_node(mod, imp, mod.module.code_for_node(new)))
    return edits


def _callee_name(func) -> str | None:
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return func.value if isinstance(func, cst.Name) else None


def _assigned_name(stmt, call) -> str | None:
    """`name` where `stmt` is exactly `name = call`."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        small = stmt.body[0]
        if isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1 \
                and isinstance(small.targets[0].target, cst.Name):
            return small.targets[0].target.value
    return None


def _bind_args(call: cst.Call, params: tuple[str, ...]) -> dict | None:
    """The arguments of `call` by parameter name (positional ones by their place in `params`);
    None when one is starred, given twice, or beyond `params` by position."""
    out: dict = {}
    for i, arg in enumerate(call.args):
        key = arg.keyword.value if arg.keyword is not None else (params[i] if i < len(params) else None)
        if arg.star or key is None or key in out:
            return None
        out[key] = arg.value
    return out


def _send_recv_args(call: cst.Call, names: tuple[str, ...]) -> dict | None:
    """The arguments of a psend/precv call by parameter name; None unless exactly `names`."""
    out = _bind_args(call, names)
    return out if out is not None and set(out) == set(names) else None


def _int_pair(node) -> tuple[int, int] | None:
    if isinstance(node, cst.Tuple) and len(node.elements) == 2:
        values = [e.value for e in node.elements]
        if all(isinstance(v, cst.Integer) for v in values):
            return int(values[0].value, 0), int(values[1].value, 0)
    return None


def _assigned_value(mod: "_Module", at, name: str):
    """The value of the one plain assignment `name = value` in the function around `at`, else
    at module level; None when there is not exactly one."""
    for scope in (_function_of(mod, at), mod.module):
        if not isinstance(scope, (cst.FunctionDef, cst.Module)):
            continue
        body = scope.body.body if isinstance(scope, cst.FunctionDef) else scope.body
        values = [small.value for stmt in body if isinstance(stmt, cst.SimpleStatementLine)
                  for small in stmt.body if isinstance(small, cst.Assign) and len(small.targets) == 1
                  and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == name]
        if values:
            return values[0] if len(values) == 1 else None
    return None


def _function_of(mod: "_Module", node):
    cur = mod.parent.get(node)
    while cur is not None and not isinstance(cur, (cst.FunctionDef, cst.Lambda)):
        cur = mod.parent.get(cur)
    return cur


def _encloses(mod: "_Module", outer, node) -> bool:
    return outer is not None and (outer is node or mod._is_ancestor(outer, node))


def _sequence(like: cst.List | cst.Tuple, items: list[str]) -> str:
    """A list or tuple literal, of the kind of `like`, holding `items` (source texts)."""
    if isinstance(like, cst.List):
        return f"[{', '.join(items)}]"
    return f"({', '.join(items)}{',' if len(items) == 1 else ''})"


def _replace_node(mod: "_Module", node, text: str) -> Edit:
    """An edit replacing `node`, its parentheses included, with `text`."""
    start = mod.pos[node.lpar[0] if getattr(node, "lpar", None) else node].start
    end = mod.pos[node.rpar[-1] if getattr(node, "rpar", None) else node].end
    return Edit(mod.path, start.line, start.column + 1, end.line, end.column + 1, text)


def _drop_mesh_context(mod: "_Module", with_stmt) -> Fix | None:
    """Before JAX 0.7.1 (no use_abstract_mesh): `with use_mesh(m):` under a trace goes, its body
    dedented, where every shard_map in it passes its mesh (nothing there needs the context)."""
    if not isinstance(with_stmt, cst.With) or len(with_stmt.items) != 1 or with_stmt.items[0].asname is not None \
            or not isinstance(with_stmt.body, cst.IndentedBlock):
        return None
    for node in _walk(with_stmt.body):
        if isinstance(node, cst.Call) and (_callee_name(node.func) or "").endswith("shard_map"):
            positional = [a for a in node.args if a.keyword is None]
            if _keyword_index(node, "mesh") is None and len(positional) < 2:
                return None
    new = mod.module.deep_replace(with_stmt, cst.FlattenSentinel(with_stmt.body.body))
    return Fix("Drop the mesh context (every shard_map in it passes its mesh)", "unsafe",
               (_text_change(mod, new.code),))


def _append_kwarg(mod: "_Module", call: cst.Call, text: str) -> Edit:
    """An edit adding `text` as the last argument of `call`, before its closing parenthesis."""
    end = mod.pos[call].end  # just after the `)`
    lines = mod.text.splitlines()
    before = "\n".join([*lines[: end.line - 1], lines[end.line - 1][: end.column - 1]]).rstrip()
    sep = " " if before.endswith((",", "(")) else ", "
    return Edit(mod.path, end.line, end.column, end.line, end.column, f"{sep}{text}")


def _module_alias(mod: "_Module", module: str) -> str | None:
    """The name `module` is imported under in `mod` (`import a.b as x`, `from a import b`)."""
    parent, _, last = module.rpartition(".")
    for m in re.finditer(rf"^\s*import\s+{re.escape(module)}\s+as\s+(\w+)", mod.text, re.M):
        return m.group(1)
    for m in re.finditer(rf"^\s*from\s+{re.escape(parent)}\s+import\s+{last}(?:\s+as\s+(\w+))?", mod.text, re.M):
        return m.group(1) or last
    return None


def _auto_axes_fix(diag, data, module, config) -> Fix | None:
    """SHL011: build the mesh with Auto axes, as `jax.make_mesh` did before JAX 0.10."""
    n = len(data.get("mesh_axes") or ())
    found = _call_at(module, data["make_mesh_call"])
    if found is None or n == 0:
        return None
    mod, call = found
    if not re.search(r"^\s*import jax\s*$", mod.text, re.M) or not call.args \
            or _keyword_index(call, "axis_types") is not None:
        return None
    value = "(jax.sharding.AxisType.Auto,)" + (f" * {n}" if n > 1 else "")
    return Fix("Build the mesh with Auto axes", "safe", (_append_kwarg(mod, call, f"axis_types={value}"),))


def _collective_id_add_fix(diag, data, module, config) -> Fix | None:
    """SHL107: the barrier semaphore needs a `collective_id` on the pallas_call."""
    found = _call_at(module, data["pallas_call"])
    if found is None or not found[1].args:
        return None
    mod, call = found
    idx = _keyword_index(call, "compiler_params")
    if idx is not None:
        params = call.args[idx].value
        if not isinstance(params, cst.Call) or not params.args:
            return None
        at = _keyword_index(params, "collective_id")
        if at is None:
            return Fix(TITLE_ADD_COLLECTIVE_ID, "safe", (_append_kwarg(mod, params, "collective_id=0"),))
        return _collective_id_default(mod, params.args[at].value)
    pltpu = _module_alias(mod, "jax.experimental.pallas.tpu")
    if pltpu is None:
        return None
    return Fix(TITLE_ADD_COLLECTIVE_ID, "safe",
               (_append_kwarg(mod, call, f"compiler_params={pltpu}.CompilerParams(collective_id=0)"),))


def _collective_id_default(mod: "_Module", value) -> Fix | None:
    """`collective_id=None`, or `collective_id=cid` where `cid` is a parameter defaulting to
    None: 0 instead of that None."""
    if isinstance(value, cst.Name) and value.value == "None":
        return Fix(TITLE_ADD_COLLECTIVE_ID, "safe", (_replace_node(mod, value, "0"),))
    func = _function_of(mod, value)
    if not isinstance(value, cst.Name) or not isinstance(func, cst.FunctionDef):
        return None
    params = func.params
    for param in (*params.params, *params.kwonly_params):
        if param.name.value == value.value:
            default = param.default
            if isinstance(default, cst.Name) and default.value == "None":
                return Fix(f"Default {value.value} to 0 (the pallas_call needs a collective_id)", "unsafe",
                           (_replace_node(mod, default, "0"),))
    return None


TITLE_ADD_COLLECTIVE_ID = "Give the pallas_call a collective_id"

_PMAP_OK_KW = {"axis_name", "in_axes", "out_axes", "fun"}


def _pmap_fix(diag, data, module, config) -> Fix | None:
    pm = data["pmap"]
    mod = module(pm["path"])
    if mod is None:
        return None
    node = mod.node_at(pm, (cst.BaseExpression,))
    if node is None:
        return None
    modern = _target_version(diag, config) >= TOP_LEVEL_SHARD_MAP
    # What is pmapped, with which options: `jax.pmap(f, "i", in_axes=...)`,
    # `partial(jax.pmap, axis_name="i")` or a bare `jax.pmap` decorator.
    fun = None
    opts: list[cst.Arg] = []
    if isinstance(node, cst.Call):
        args = list(node.args)
        first = args[0] if args and args[0].keyword is None else None
        if first is not None and _is_pmap_ref(mod, first.value) and _is_partial(mod, node.func):
            opts = args[1:]
        else:
            fun = next((a.value for a in args if a.keyword is not None and a.keyword.value == "fun"), None)
            positional = [a for a in args if a.keyword is None]
            if fun is None and positional:
                fun = positional[0].value
                positional = positional[1:]
            if fun is None:
                return None
            opts = [a for a in args if a.keyword is not None and a.keyword.value != "fun"]
            if positional:
                if len(positional) > 1 or positional[0].star:
                    return None
                opts.append(cst.Arg(keyword=cst.Name("axis_name"), value=positional[0].value))
    if any(a.star or a.keyword is None or a.keyword.value not in _PMAP_OK_KW for a in opts):
        return None
    kw = {a.keyword.value: a.value for a in opts}
    axis = pm.get("axis_name")
    if not isinstance(axis, str):
        axis_node = kw.get("axis_name")
        axis = _literal_str(axis_node) if axis_node is not None else "i"
    if axis is None:
        return None
    b = _Builder(mod)
    p = b.pspec()
    spec_i = f'{p}("{axis}")'
    in_specs = _axes_spec(kw.get("in_axes"), spec_i, p)
    out_specs = _axes_spec(kw.get("out_axes"), spec_i, p)
    if in_specs is None or out_specs is None:
        return None
    smap = b.shard_map(modern)
    jit = f"{b.jax()}.jit"
    mesh, _ = _mesh(b, data.get("meshes") or [], [axis], node)
    kwargs = f"mesh={mesh}, in_specs={in_specs}, out_specs={out_specs}"
    if data.get("pallas"):
        kwargs += ", check_vma=False" if modern else ", check_rep=False"
    r = mod.pos[node]
    if fun is not None:
        b.edits.append(Edit(mod.path, r.start.line, r.start.column + 1, r.end.line, r.end.column + 1,
                            f"{jit}({smap}({mod.text_of(fun)}, {kwargs}))"))
    elif isinstance(mod.parent.get(node), cst.Decorator):
        deco = mod.parent[node]
        dr = mod.pos[deco]
        indent = mod.line_text(dr.start.line)[:dr.start.column]
        b.edits.append(Edit(mod.path, r.start.line, r.start.column + 1, r.end.line, r.end.column + 1, jit))
        b.edits.append(_insert_lines(mod, dr.end.line + 1, [f"{indent}@{_decorator(b, modern, smap, kwargs)}"]))
    else:
        # `partial(jax.pmap, ...)` used as a value: keep it a one-argument transform
        b.edits.append(Edit(mod.path, r.start.line, r.start.column + 1, r.end.line, r.end.column + 1,
                            f"(lambda f: {jit}({smap}(f, {kwargs})))"))
    return Fix(TITLE_PMAP, "unsafe", b.finish(node))


def _is_pmap_ref(mod: _Module, expr) -> bool:
    text = mod.text_of(expr)
    return text == "pmap" or text.endswith(".pmap")


def _is_partial(mod: _Module, expr) -> bool:
    text = mod.text_of(expr)
    return text == "partial" or text.endswith(".partial")


def _literal_str(node) -> str | None:
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _axes_spec(node, spec_i: str, p: str) -> str | None:
    """The spec for a pmap `in_axes`/`out_axes` value: 0 → P("i"), None → P(), tuples of
    those elementwise; anything else (another axis, a dict) → None (no fix)."""
    if node is None:
        return spec_i
    if isinstance(node, cst.Integer) and node.value == "0":
        return spec_i
    if isinstance(node, cst.Name) and node.value == "None":
        return f"{p}()"
    if isinstance(node, (cst.Tuple, cst.List)):
        parts = [_axes_spec(el.value, spec_i, p) for el in node.elements]
        if any(x is None for x in parts) or any(isinstance(el, cst.StarredElement) for el in node.elements):
            return None
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    return None


def _remove_arg(mod: _Module, call: cst.Call, idx: int) -> Edit:
    """The edit that deletes argument `idx` of `call` with its comma, nothing else."""
    args = list(call.args)

    def start(a):
        return mod.pos[a.keyword if a.keyword is not None else a.value].start

    if idx + 1 < len(args):
        s, e = start(args[idx]), start(args[idx + 1])
    elif idx > 0:
        s, e = mod.pos[args[idx - 1].value].end, mod.pos[args[idx].value].end
    else:
        s, e = start(args[idx]), mod.pos[args[idx].value].end
    return Edit(mod.path, s.line, s.column + 1, e.line, e.column + 1, "")


def _argument(call: cst.Call, keyword: str, position: int) -> cst.BaseExpression | None:
    """The argument given as `keyword=`, else the `position`-th positional one, or None."""
    idx = _keyword_index(call, keyword)
    if idx is not None:
        return call.args[idx].value
    positional = [a for a in call.args if a.keyword is None and a.star == ""]
    return positional[position].value if len(positional) > position else None


def _keyword_index(call: cst.Call, keyword: str) -> int | None:
    return next((i for i, a in enumerate(call.args) if a.keyword is not None and a.keyword.value == keyword), None)


def _diag_span(diag: Diagnostic) -> dict:
    return {"line": diag.line, "column": diag.column, "end_line": diag.end_line, "end_column": diag.end_column}


TITLE_COLLECTIVE_ID = "Remove collective_id (the kernel uses no barrier semaphore)"


def _collective_id_fix(diag, data, module, config) -> Fix | None:
    mod = module(diag.path)
    if mod is None:
        return None
    start = (diag.line, diag.column - 1)
    calls = [n for n, r in mod.pos.items() if isinstance(n, cst.Call) and (r.start.line, r.start.column) == start]
    edits = []
    for outer in calls:
        for node in _walk(outer):
            if isinstance(node, cst.Call):
                idx = _keyword_index(node, "collective_id")
                if idx is not None:
                    edits.append(_remove_arg(mod, node, idx))
    edits = sorted(set(edits), key=lambda e: (e.line, e.column))
    return Fix(TITLE_COLLECTIVE_ID, "safe", tuple(edits)) if edits else None


def _walk(node):
    yield node
    for child in node.children:
        yield from _walk(child)


_RENAMED_ATTRS = {"TPUCompilerParams": "CompilerParams"}
_EMPTY_SETS = {"frozenset()", "set()", "()", "[]", "frozenset({})"}


def _version_fix(diag, data, module, config) -> Fix | None:
    """The spelling the target JAX version has, for an API it lacks (SHL008): keyword renames
    of shard_map, `pltpu.TPUCompilerParams`, `pltpu.TPUMemorySpace.ANY`, `use_mesh`/`set_mesh`."""
    mod = module(diag.path)
    if mod is None:
        return None
    version = _target_version(diag, config)
    title = f"Use the JAX {'.'.join(map(str, version))} spelling"
    node = mod.node_at(_diag_span(diag), (cst.BaseExpression,))
    if node is None:
        return None
    keyword = data.get("keyword")
    if isinstance(node, cst.Call) and keyword:
        idx = _keyword_index(node, keyword)
        if idx is None:
            return None
        arg = node.args[idx]
        kw = mod.pos[arg.keyword]
        if keyword in ("check_rep", "check_vma"):
            new = "check_vma" if keyword == "check_rep" else "check_rep"
            return Fix(title, "safe", (Edit(mod.path, kw.start.line, kw.start.column + 1, kw.end.line,
                                            kw.end.column + 1, new),))
        if keyword == "auto" and mod.text_of(arg.value).replace(" ", "") in _EMPTY_SETS:
            return Fix(title, "safe", (_remove_arg(mod, node, idx),))  # no auto axes: all manual
        if keyword == "auto" and data.get("api") == "jax.experimental.shard_map.shard_map":
            return _top_level_shard_map(mod, node, title)
        return None
    if not isinstance(node, cst.Attribute):
        return None
    attr = node.attr.value
    b = _Builder(mod)
    r = mod.pos[node]
    if attr in _RENAMED_ATTRS:
        a = mod.pos[node.attr]
        b.edits.append(Edit(mod.path, a.start.line, a.start.column + 1, a.end.line, a.end.column + 1,
                            _RENAMED_ATTRS[attr]))
    elif attr == "TPUMemorySpace":
        parent = mod.parent.get(node)
        if not (isinstance(parent, cst.Attribute) and parent.attr.value == "ANY"):
            return None
        pl = b.name(("jax.experimental.pallas",), "jax.experimental", "pallas", "pl")
        r = mod.pos[parent]
        b.edits.append(Edit(mod.path, r.start.line, r.start.column + 1, r.end.line, r.end.column + 1, f"{pl}.ANY"))
    elif attr == "use_mesh" and version >= (0, 8):
        b.edits.append(Edit(mod.path, r.start.line, r.start.column + 1, r.end.line, r.end.column + 1,
                            f"{b.jax()}.set_mesh"))
    elif attr == "set_mesh" and version < (0, 7):
        # `with jax.set_mesh(m):` is `with jax.sharding.use_mesh(m):` there; the global setter
        # is `jax.sharding.set_mesh(m)`
        call = mod.parent.get(node)
        entered = isinstance(call, cst.Call) and isinstance(mod.parent.get(call), cst.WithItem)
        b.edits.append(Edit(mod.path, r.start.line, r.start.column + 1, r.end.line, r.end.column + 1,
                            f"{b.jax()}.sharding.{'use_mesh' if entered else 'set_mesh'}"))
    else:
        return None
    return Fix(title, "safe", b.finish(node))




def _top_level_shard_map(mod: _Module, call: cst.Call, title: str) -> Fix | None:
    """`jax.experimental.shard_map.shard_map(f, mesh, in_specs, out_specs, check_rep=...,
    auto=A)`, which JAX 0.8 dropped `auto` from, as `jax.shard_map(f, mesh=..., ...,
    check_vma=..., axis_names=frozenset(mesh.axis_names) - A)`."""
    args = _bind_args(call, ("f", "mesh", "in_specs", "out_specs", "check_rep", "auto"))
    if args is None or not {"f", "mesh", "auto"} <= set(args):
        return None
    b = _Builder(mod)
    rename = {"check_rep": "check_vma"}
    parts = [mod.text_of(args.pop("f"))]
    auto_node = args.pop("auto")
    auto = mod.text_of(auto_node)
    if isinstance(auto_node, cst.SimpleString):
        auto = f"{{{auto}}}"  # one axis name
    elif not (isinstance(auto_node, cst.Set) or (
            isinstance(auto_node, cst.Call) and _callee_name(auto_node.func) in ("frozenset", "set"))):
        auto = f"frozenset({auto})"
    mesh = mod.text_of(args["mesh"])
    mesh = mesh if isinstance(args["mesh"], (cst.Name, cst.Attribute)) else f"({mesh})"
    parts += [f"{rename.get(k, k)}={mod.text_of(v)}" for k, v in args.items()]
    parts.append(f"axis_names=frozenset({mesh}.axis_names) - {auto}")
    b.edits.append(_replace_node(mod, call, f"{b.jax()}.shard_map({', '.join(parts)})"))
    return Fix(title, "unsafe", b.finish(call))


def _suppress_fix(diag: Diagnostic, module) -> Fix | None:
    mod = module(diag.path)
    if mod is None:
        return None
    line = diag.line
    text = mod.line_text(line)
    if not text and line > len(mod.lines):
        return None
    comment = None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(mod.text).readline):
            if tok.type == tokenize.COMMENT and tok.start[0] == line:
                comment = tok
            elif tok.type in (tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1)) \
                    and tok.start[0] <= line < tok.end[0]:
                return None  # the line ends inside a string: a comment cannot go there
    except (tokenize.TokenError, SyntaxError):
        return None
    title = f"{TITLE_SUPPRESS}`# shardlint: ignore[{diag.code}]`"
    if comment is not None:
        m = IGNORE_RE.search(comment.string)
        if m:
            if m.group(1) is None or not m.group(1).strip():
                return None  # already ignores every code on this line
            codes = [c.strip().upper() for c in m.group(1).split(",") if c.strip()]
            if diag.code in codes:
                return None
            insert_at = comment.start[1] + m.start(1) + len(m.group(1).rstrip())
            return Fix(title, "safe", (Edit(diag.path, line, insert_at + 1, line, insert_at + 1, f", {diag.code}"),))
    if text.rstrip().endswith("\\"):
        return None
    end = len(text.rstrip())
    return Fix(title, "safe", (Edit(diag.path, line, end + 1, line, len(text) + 1,
                                    f"  # shardlint: ignore[{diag.code}]"),))


# ----------------------------------------------------------------------------------------------
# Fix-all and the CLI


def _preferred(fixes: list[Fix], unsafe: bool) -> Fix | None:
    for fix in fixes:
        if fix.title.startswith(TITLE_SUPPRESS):
            continue
        if fix.applicability == "safe" or unsafe:
            return fix
    return None


def _key(path: str) -> str:
    return os.path.abspath(path)


def _overlaps(a: Edit, b: Edit) -> bool:
    if _key(a.path) != _key(b.path):
        return False
    a0, a1 = (a.line, a.column), (a.end_line, a.end_column)
    b0, b1 = (b.line, b.column), (b.end_line, b.end_column)
    if a0 == a1 and b0 == b1:
        return a0 == b0
    if a0 == a1:
        return b0 < a0 < b1
    if b0 == b1:
        return a0 < b0 < a1
    return a0 < b1 and b0 < a1


def _combine(diags: Iterable[Diagnostic], read: Callable[[str], str], config: Config,
             unsafe: bool) -> tuple[list[Edit], int]:
    """Non-overlapping edits of the preferred fix of each error; (edits, problems fixed). An
    edit identical to one already taken (the same import, the same wrap reached by two
    collectives) is shared, not a conflict."""
    taken: list[Edit] = []
    fixed = 0
    for d in sorted(diags, key=Diagnostic.sort_key):
        if d.severity != Severity.ERROR and d.fix is None:
            continue  # warnings and hints mark programs that lower: never rewrite them
        fix = _preferred(fixes_for(d, read, config), unsafe)
        if fix is None:
            continue
        new = [e for e in fix.edits if not any(_same(e, t) for t in taken)]
        if any(_overlaps(e, t) for e in new for t in taken):
            continue
        taken.extend(new)
        fixed += 1
    return taken, fixed


def _same(a: Edit, b: Edit) -> bool:
    return (_key(a.path), a.line, a.column, a.end_line, a.end_column, a.new_text) == \
           (_key(b.path), b.line, b.column, b.end_line, b.end_column, b.new_text)


def fix_all(path: str, text: str, diags: list[Diagnostic], config: Config, unsafe: bool = False,
            read: Callable[[str], str] | None = None) -> list[Edit]:
    """The edits of `source.fixAll.shardlint` for the document `path` whose current text is
    `text`: the preferred safe fix of each error (unsafe ones too when `unsafe`), never a
    suppression. Edits may reach other files (a wrap at the entry point); `read` gives their
    text (default: from disk)."""
    base = read or _read_disk
    me = _key(path)

    def reader(p: str) -> str:
        return text if _key(p) == me else base(p)

    return _combine(diags, reader, config, unsafe)[0]


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """Apply non-overlapping edits of one file to its text (positions refer to `text`)."""
    starts = _line_starts(text)

    def offset(line: int, col: int) -> int:
        if line > len(starts):
            return len(text)
        return min(starts[line - 1] + col - 1, _line_end(text, starts, line))

    out = text
    # Right to left; inserts at one position keep their array order (as LSP clients do).
    indexed = sorted(enumerate(edits), key=lambda ie: (ie[1].line, ie[1].column, ie[1].end_line,
                                                        ie[1].end_column, ie[0]), reverse=True)
    for _, e in indexed:
        s, t = offset(e.line, e.column), offset(e.end_line, e.end_column)
        out = out[:s] + e.new_text + out[t:]
    return out


def _line_starts(text: str) -> list[int]:
    starts = [0]
    for m in re.finditer(r"\r\n|\r|\n", text):
        starts.append(m.end())
    if starts[-1] == len(text) and len(starts) > 1:
        starts.pop()
        starts.append(len(text))
    return starts


def _line_end(text: str, starts: list[int], line: int) -> int:
    end = starts[line] if line < len(starts) else len(text)
    while end > starts[line - 1] and text[end - 1] in "\r\n":
        end -= 1
    return end


def _newline_of(text: str) -> str:
    m = re.search(r"\r\n|\r|\n", text)
    return m.group(0) if m else "\n"


@dataclass
class _Disk:
    encoding: str
    bom: bool


def _read_disk(path: str) -> str:
    return _load(path)[0]


def _load(path: str) -> tuple[str, _Disk]:
    data = Path(path).read_bytes()
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    bom = data.startswith(b"\xef\xbb\xbf")
    text = data.decode("utf-8" if encoding == "utf-8-sig" else encoding)
    if text.startswith("\ufeff"):
        text = text[1:]
    return text, _Disk("utf-8" if encoding == "utf-8-sig" else encoding, bom)


def _write_atomic(path: str, text: str, disk: _Disk) -> None:
    data = (b"\xef\xbb\xbf" if disk.bom else b"") + text.encode(disk.encoding)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".shardlint-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        shutil.copymode(path, tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def apply_fixes(paths, config: Config, unsafe: bool, *, write: bool = True, **check_options) -> FixResult:
    """`shardlint check --fix [--unsafe-fixes]`: check, apply the combined fixes, re-check with
    the edited text, repeat until stable (at most MAX_ROUNDS); keep the texts of the round that
    left the fewest fixable problems; write the changed files atomically, keeping their
    encoding, BOM and newline style (with `write=False`, `--diff`: only return the texts).
    `check_options` go to every `check` (a changed-file run's project, excludes)."""
    from .check import check  # the engine; imported here so that the server can import us cheaply

    original: dict[str, tuple[str, _Disk]] = {}
    current: dict[str, str] = {}

    def read(path: str) -> str:
        k = _key(path)
        if k not in current:
            original[k] = _load(k)
            current[k] = original[k][0]
        return current[k]

    applied = 0
    states = []  # (fixable problems, texts, problems fixed so far), one per round
    seen: set = set()
    for round_no in range(MAX_ROUNDS + 1):
        overlays = {Path(k).resolve(): t for k, t in current.items() if t != original[k][0]}
        result = check(paths, config, use_cache=False, overlays=overlays or None, **check_options)
        states.append((_count_fixable(result.diagnostics, read, config, unsafe), dict(current), applied))
        if round_no == MAX_ROUNDS:
            break
        edits, fixed = _combine(result.diagnostics, read, config, unsafe)
        if not edits:
            break
        by_file: dict[str, list[Edit]] = {}
        for e in edits:
            by_file.setdefault(_key(e.path), []).append(e)
        for k, es in by_file.items():
            current[k] = apply_edits(read(k), es)
        state = tuple(sorted(current.items()))
        if state in seen:
            break  # the fixes go round in circles
        seen.add(state)
        applied += fixed
    # The first round with the fewest fixable problems left: a fix may trade one problem for
    # another that a later round fixes, and a round that makes things worse is not kept.
    best = min(range(len(states)), key=lambda i: states[i][0])
    current.clear()
    current.update(states[best][1])
    applied = states[best][2]
    changed = sorted(k for k, t in current.items() if t != original[k][0])
    for k in changed if write else ():
        _write_atomic(k, current[k], original[k][1])
    return FixResult(applied if changed else 0, changed, {k: current[k] for k in changed})


def _count_fixable(diags, read, config, unsafe) -> int:
    return sum(1 for d in diags if (d.severity == Severity.ERROR or d.fix is not None)
               and _preferred(fixes_for(d, read, config), unsafe) is not None)
