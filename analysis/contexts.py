"""The axis-context analysis: an abstract interpreter that runs every entry point (module-level
code, `__main__` blocks, test functions, configured lowering targets) and follows calls and
transformation edges, analysing each function once per (axis context, interesting arguments).

What it records are events: a collective called in a context, a `pallas_call` invoked in a
context, a communication primitive inside a kernel. Rules are pure functions over them."""

from __future__ import annotations

import ast
import functools
import importlib.machinery
import sys
from dataclasses import dataclass, field

from . import apis
from .callgraph import (
    Bound, ClassV, CommV, CompilerParamsV, Const, Context, DevicesV, DictV, Ext, Factory, Frame, Func,
    Inst, MeshV, MethodOf, ModV, Multi, Partial, PlainArray, PSpecV, Received, Seq, SetMeshV,
    ShardingV, Site, Traced, Transformed, Unknown, Value, Varying, multi,
)
from .index import Module, ModuleFinder, Scope, resolve_relative

MAX_VARIANTS = 12  # analyses of one function before its arguments are no longer told apart
MAX_DEPTH = 60


@dataclass
class Event:
    kind: str  # collective | send | recv | pallas | comm | signal | barrier | start | api | smap_kw
    api: str
    site: Site
    ctx: Context
    path: tuple  # ((Site, message), ...) from the entry point inwards
    node: ast.AST | None = None
    axes: tuple | None = None  # axis names when static
    perm: tuple | None = None
    extra: dict = field(default_factory=dict)


class AFrame:
    """One activation: a scope analysed in a context with some argument values."""

    __slots__ = ("scope", "ctx", "args", "parent", "names", "nodes", "path", "returns", "depth")

    def __init__(self, scope: Scope, ctx: Context, args: dict, parent: "AFrame | None", path: tuple,
                 depth: int):
        self.scope = scope
        self.ctx = ctx
        self.args = args
        self.parent = parent
        self.names: dict = {}
        self.nodes: dict = {}
        self.path = path
        self.returns: list = []
        self.depth = depth


_BUSY = object()


class Interpreter:
    def __init__(self, finder: ModuleFinder, resolver=None):
        self.finder = finder
        self.resolver = resolver  # resolve.JediResolver, for names syntax cannot follow
        self.events: dict = {}
        self.kernel_events: dict = {}  # kernel Frame -> [Event]
        self.module_frames: dict = {}
        self.memo: dict = {}
        self.variants: dict = {}
        self.smap_checks: dict = {}  # shard_map Frame -> its check_vma/check_rep value
        self.platforms: list = []  # `lowering_platforms=` of the `.lower(...)` being evaluated
        # While a custom_vjp's bwd rule runs, JAX attributes what it does to the primal call.
        self.blame: Site | None = None
        # `jax.set_mesh(mesh)` called as a statement: the process-wide mesh of the program whose
        # entry module ran it (programs in different files are different processes).
        self.global_mesh: dict[str, MeshV] = {}

    # ------------------------------------------------------------------ events

    def record(self, ev: Event) -> None:
        if self.blame is not None and ev.kind not in ("api", "smap_kw"):
            ev.extra["rule_site"] = ev.site
            ev.site = self.blame
        key = (ev.kind, ev.site, ev.ctx.frames, ev.axes, ev.extra.get("key"))
        if key in self.events:
            return
        self.events[key] = ev
        kf = ev.ctx.innermost("kernel")
        if kf is not None:
            self.kernel_events.setdefault(kf, []).append(ev)

    # ------------------------------------------------------------------ modules

    def module_frame(self, module: Module) -> AFrame:
        fr = self.module_frames.get(module.path)
        if fr is None:
            fr = AFrame(module.scope, Context(), {}, None, (), 0)
            self.module_frames[module.path] = fr
        return fr

    def run_module(self, module: Module) -> None:
        """Execute a module's top level as an entry point (eager context)."""
        if module.tree is None:
            return
        fr = self.module_frame(module)
        fr.path = ()
        self.exec_body(module.tree.body, fr, fr.ctx, entry_label=f"module {module.name}")

    def run_entry_function(self, module: Module, qualname: str, ctx: Context, label: str,
                           args_from: tuple | None = None) -> bool:
        """Run a function as an entry point. `args_from` = (module, attr) of its example
        arguments: a tuple, or a callable returning one (what `shardlint lower` passes)."""
        val = self.lookup_qualname(module, qualname)
        if val is Unknown:
            return False
        args = []
        if args_from is not None:
            amod, attr = args_from
            a = self.lookup_qualname(amod, attr)
            if _is_callable(a) and not isinstance(a, Seq):
                fr0 = self.module_frame(amod)
                a = self.call(a, [], {}, fr0, Context(), Site(amod.path, 1, 0, 1, 0), None, unknown_args=True)
            if isinstance(a, Seq):
                args = list(a.items)
        fr = self.module_frame(module)
        site = self._def_site(val) or Site(module.path, 1, 0, 1, 0)
        saved = fr.path
        fr.path = ((site, f"entry point: {label}"),)
        try:
            if ctx.frames and ctx.frames[0].kind == "jit":
                # Lowered as `jax.jit(fn).trace(*args)`: the arguments' shardings matter.
                wrap = {"__wrap__": ("decorator", site)} if isinstance(val, Func) and isinstance(
                    val.scope.node, (ast.FunctionDef, ast.AsyncFunctionDef)) else {}
                t = Transformed("jit", val, wrap, ctx.frames[0].site, "lowering target")
                self.apply_transformed(t, args, {}, fr, Context(ctx.frames[1:], ctx.mesh, ctx.mesh_key),
                                       site, None, label)
            else:
                self.call(val, args, {}, fr, ctx, site, None, unknown_args=True, label=label)
        finally:
            fr.path = saved
        return True

    def entry_site(self, module: Module, qualname: str) -> Site | None:
        return self._def_site(self.lookup_qualname(module, qualname))

    def _def_site(self, val: Value) -> Site | None:
        if isinstance(val, Func) and hasattr(val.scope.node, "lineno"):
            n = val.scope.node
            return Site(val.scope.module.path, n.lineno, n.col_offset, n.lineno, n.col_offset,
                        val.scope.qualname)
        if isinstance(val, Transformed):
            return self._def_site(val.fn) or val.site
        return None

    def lookup_qualname(self, module: Module, qualname: str) -> Value:
        fr = self.module_frame(module)
        parts = qualname.split(".")
        val = self.lookup_in(fr, parts[0])
        for p in parts[1:]:
            val = self.getattr(val, p)
        return val

    # ------------------------------------------------------------------ statements

    def exec_body(self, body, frame: AFrame, ctx: Context, entry_label: str | None = None) -> None:
        for st in body:
            self.exec_stmt(st, frame, ctx, entry_label)

    def exec_stmt(self, st: ast.stmt, frame: AFrame, ctx: Context, entry_label=None) -> None:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if st.decorator_list and frame.scope.kind != "class":
                # Decorators run at definition time (`@pl.when(...)` even runs the body there).
                self.lookup_in(frame, st.name)
            return
        if isinstance(st, ast.ClassDef):
            return
        if isinstance(st, (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal, ast.Pass,
                           ast.Break, ast.Continue)):
            return
        if entry_label is not None:
            frame.path = ((self.site(st, frame), f"entry point: {entry_label}, line {st.lineno}"),)
        if isinstance(st, ast.If):
            if _is_type_checking(st.test):
                return
            self.eval(st.test, frame, ctx)
            self.exec_body(st.body, frame, ctx, entry_label)
            self.exec_body(st.orelse, frame, ctx, entry_label)
            return
        if isinstance(st, (ast.With, ast.AsyncWith)):
            inner = ctx
            for item in st.items:
                v = self.eval(item.context_expr, frame, ctx)
                mesh = _mesh_of_cm(v)
                if mesh is not None:
                    inner = inner.with_mesh(mesh)
            self.exec_body(st.body, frame, inner, entry_label)
            return
        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call):
            v = self.eval(st.value, frame, ctx)
            # `jax.set_mesh(mesh)` as a statement sets the mesh for what follows.
            if isinstance(v, SetMeshV):
                self.global_mesh[_entry_path(frame)] = v.mesh
            return
        if isinstance(st, (ast.Assign, ast.AnnAssign)) and st.value is not None:
            value = self.eval(st.value, frame, ctx)
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            for t in targets:
                if isinstance(t, ast.Attribute):
                    obj = self.eval(t.value, frame, ctx)
                    if isinstance(obj, Inst):
                        obj.attrs[t.attr] = multi([obj.attrs[t.attr], value]) if t.attr in obj.attrs else value
            return
        if isinstance(st, ast.Return):
            if st.value is not None:
                frame.returns.append(self.eval(st.value, frame, ctx))
            return
        if isinstance(st, (ast.For, ast.AsyncFor, ast.While)):
            self.eval(st.iter if not isinstance(st, ast.While) else st.test, frame, ctx)
            self.exec_body(st.body, frame, ctx, entry_label)
            self.exec_body(st.orelse, frame, ctx, entry_label)
            return
        if isinstance(st, ast.Try) or type(st).__name__ == "TryStar":
            self.exec_body(st.body, frame, ctx, entry_label)
            for h in st.handlers:
                self.exec_body(h.body, frame, ctx, entry_label)
            self.exec_body(st.orelse, frame, ctx, entry_label)
            self.exec_body(st.finalbody, frame, ctx, entry_label)
            return
        if type(st).__name__ == "Match":
            self.eval(st.subject, frame, ctx)
            for case in st.cases:
                self.exec_body(case.body, frame, ctx, entry_label)
            return
        for child in ast.iter_child_nodes(st):
            if isinstance(child, ast.expr):
                self.eval(child, frame, ctx)

    # ------------------------------------------------------------------ expressions

    def site(self, node: ast.AST, frame: AFrame, label: str = "") -> Site:
        return Site(frame.scope.module.path, node.lineno, node.col_offset,
                    getattr(node, "end_lineno", node.lineno) or node.lineno,
                    getattr(node, "end_col_offset", node.col_offset) or node.col_offset, label)

    def eval(self, node: ast.AST, frame: AFrame, ctx: Context) -> Value:
        if isinstance(node, ast.Constant):
            return Const(node.value)
        if isinstance(node, ast.Name):
            return self.lookup(node.id, frame, ctx)
        key = id(node)
        cached = frame.nodes.get(key)
        if cached is not None:
            if cached is _BUSY:
                return Unknown
            return cached
        frame.nodes[key] = _BUSY
        try:
            v = self._eval(node, frame, ctx)
        except RecursionError:
            v = Unknown
        frame.nodes[key] = v
        return v

    def _eval(self, node, frame: AFrame, ctx: Context) -> Value:
        if isinstance(node, ast.Attribute):
            base = self.eval(node.value, frame, ctx)
            v = self.getattr(base, node.attr)
            if isinstance(v, Ext):
                self._api_ref(v, node, frame, ctx)
            return v
        if isinstance(node, ast.Call):
            return self.eval_call(node, frame, ctx)
        if isinstance(node, ast.Lambda):
            sc = frame.scope.module.scope_of(node, frame.scope)
            return Func(sc, frame) if sc is not None else Unknown
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            kind = {ast.Tuple: "tuple", ast.List: "list", ast.Set: "set"}[type(node)]
            items = []
            for e in node.elts:
                if isinstance(e, ast.Starred):
                    inner = self.eval(e.value, frame, ctx)
                    if isinstance(inner, Seq):
                        items.extend(inner.items)
                    else:
                        return Unknown
                else:
                    items.append(self.eval(e, frame, ctx))
            return Seq(tuple(items), kind)
        if isinstance(node, ast.Dict):
            items = {}
            for k, v in zip(node.keys, node.values):
                vv = self.eval(v, frame, ctx)
                if k is not None:
                    kv = self.eval(k, frame, ctx)
                    if isinstance(kv, Const):
                        items[kv.value] = vv
            return DictV(items)
        if isinstance(node, ast.Subscript):
            base = self.eval(node.value, frame, ctx)
            idx = self.eval(node.slice, frame, ctx)
            if isinstance(base, Seq) and isinstance(idx, Const) and isinstance(idx.value, int):
                try:
                    return base.items[idx.value]
                except IndexError:
                    return Unknown
            if isinstance(base, DictV) and isinstance(idx, Const):
                return base.items.get(idx.value, Unknown)
            if isinstance(base, DevicesV) and isinstance(node.slice, ast.Slice):
                return _slice_devices(self, node.slice, frame, ctx)
            return Unknown
        if isinstance(node, ast.IfExp):
            self.eval(node.test, frame, ctx)
            return multi([self.eval(node.body, frame, ctx), self.eval(node.orelse, frame, ctx)])
        if isinstance(node, ast.BoolOp):
            return multi([self.eval(v, frame, ctx) for v in node.values])
        if isinstance(node, ast.NamedExpr):
            return self.eval(node.value, frame, ctx)
        if isinstance(node, ast.Starred):
            return self.eval(node.value, frame, ctx)
        if isinstance(node, ast.BinOp):
            left = self.eval(node.left, frame, ctx)
            right = self.eval(node.right, frame, ctx)
            if isinstance(left, Const) and isinstance(right, Const):
                try:
                    return Const(_BINOPS[type(node.op)](left.value, right.value))
                except Exception:
                    return Unknown
            if isinstance(left, Seq) and isinstance(right, Seq) and isinstance(node.op, ast.Add):
                return Seq(left.items + right.items, left.kind)
            return Unknown
        if isinstance(node, ast.UnaryOp):
            v = self.eval(node.operand, frame, ctx)
            if isinstance(v, Const) and isinstance(node.op, ast.USub) and isinstance(v.value, (int, float)):
                return Const(-v.value)
            return Unknown
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            for g in node.generators:
                self.eval(g.iter, frame, ctx)
                for cond in g.ifs:
                    self.eval(cond, frame, ctx)
            expanded = self._comprehension(node, frame, ctx)
            if expanded is not Unknown:
                return expanded
            # The element once, its loop variables unknown: the calls it makes still happen.
            for part in ((node.key, node.value) if isinstance(node, ast.DictComp) else (node.elt,)):
                self.eval(part, frame, ctx)
            return Unknown
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr) and not isinstance(child, ast.Lambda):
                self.eval(child, frame, ctx)
        return Unknown

    def _comprehension(self, node, frame, ctx) -> Value:
        """Evaluate a comprehension's element once with its targets unknown; literal ranges of
        `(i, (i + 1) % n)` pairs are expanded so perms written as comprehensions are seen."""
        gens = node.generators
        if (len(gens) == 1 and not gens[0].ifs and isinstance(gens[0].target, ast.Name)
                and isinstance(node, (ast.ListComp, ast.GeneratorExp))):
            it = self.eval(gens[0].iter, frame, ctx)
            if isinstance(it, Seq) and all(isinstance(i, Const) for i in it.items) and len(it.items) <= 256:
                name = gens[0].target.id
                items = []
                for i in it.items:
                    items.append(self._eval_with(node.elt, name, i, frame, ctx))
                return Seq(tuple(items), "list")
        return Unknown

    def _eval_with(self, expr, name, value, frame, ctx) -> Value:
        if isinstance(expr, ast.Name):
            return value if expr.id == name else self.eval(expr, frame, ctx)
        if isinstance(expr, ast.Constant):
            return Const(expr.value)
        if isinstance(expr, ast.Tuple):
            return Seq(tuple(self._eval_with(e, name, value, frame, ctx) for e in expr.elts))
        if isinstance(expr, ast.BinOp):
            a = self._eval_with(expr.left, name, value, frame, ctx)
            b = self._eval_with(expr.right, name, value, frame, ctx)
            if isinstance(a, Const) and isinstance(b, Const):
                try:
                    return Const(_BINOPS[type(expr.op)](a.value, b.value))
                except Exception:
                    return Unknown
        return Unknown

    def _api_ref(self, v: Ext, node, frame, ctx) -> None:
        api = apis.API.get(v.name)
        if api is not None and (api.since or api.until):
            self.record(Event("api", v.name, self.site(node, frame), Context(), frame.path, node,
                              extra={"module": frame.scope.module}))

    # ------------------------------------------------------------------ names

    def lookup(self, name: str, frame: AFrame, ctx: Context) -> Value:
        fr = frame
        while fr is not None:
            sc = fr.scope
            if name in sc.globals_:
                fr = self._module_frame_of(fr)
                continue
            if name in sc.bindings and sc.kind != "class":
                return self.lookup_in(fr, name)
            if sc.kind == "class" and fr is frame and name in sc.bindings:
                return self.lookup_in(fr, name)
            fr = fr.parent
        mod = frame.scope.module
        star = mod.scope.bindings.get("*")
        if star:
            for _, st in star:
                v = self._star_lookup(st, mod, name)
                if v is not Unknown:
                    return v
        if name in _BUILTINS:
            return Ext(f"builtins.{name}")
        return Unknown

    def _module_frame_of(self, fr: AFrame) -> AFrame:
        return self.module_frame(fr.scope.module)

    def lookup_in(self, fr: AFrame, name: str) -> Value:
        cached = fr.names.get(name)
        if cached is not None:
            return Unknown if cached is _BUSY else cached
        bindings = fr.scope.bindings.get(name)
        if not bindings:
            if fr.scope.kind == "module":
                star = fr.scope.bindings.get("*")
                for _, st in star or ():
                    v = self._star_lookup(st, fr.scope.module, name)
                    if v is not Unknown:
                        return v
            return Unknown
        fr.names[name] = _BUSY
        vals = []
        for b in bindings:
            try:
                vals.append(self._binding_value(fr, name, b))
            except RecursionError:
                vals.append(Unknown)
        v = multi(vals)
        fr.names[name] = v
        return v

    def _binding_value(self, fr: AFrame, name: str, b) -> Value:
        if isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)):
            sc = fr.scope.module.scope_of(b, fr.scope)
            parent = fr
            if fr.scope.kind == "class":
                parent = fr.parent
            val: Value = Func(sc, parent if parent is not None and parent.scope.kind != "module" else None)
            for dec in reversed(b.decorator_list):
                head = self.eval(dec.func, fr, fr.ctx) if isinstance(dec, ast.Call) else None
                if isinstance(head, Ext) and head.name in _TRANSPARENT_DECORATORS:
                    continue
                dv = self.eval(dec, fr, fr.ctx)
                if isinstance(dv, Ext) and dv.name in _TRANSPARENT_DECORATORS:
                    continue
                val = self.call(dv, [val], {}, fr, fr.ctx, self.site(dec, fr, "decorator"), dec,
                                decorating=True)
            return val
        if isinstance(b, ast.ClassDef):
            sc = fr.scope.module.scope_of(b, fr.scope)
            return ClassV(sc)
        kind = b[0]
        if kind == "import":
            _, alias, _st = b
            if alias.asname:
                return self._module_value(alias.name, fr.scope.module)
            return self._module_value(alias.name.split(".")[0], fr.scope.module)
        if kind == "from":
            _, alias, st = b
            base = resolve_relative(st, fr.scope.module.name, fr.scope.module.is_package)
            if base is None:
                return Unknown
            sub = self.finder.find(f"{base}.{alias.name}", fr.scope.module)
            if sub is not None and sub.path != fr.scope.module.path:
                return ModV(sub)
            mod = self.finder.find(base, fr.scope.module)
            if mod is not None:
                if mod.path == fr.scope.module.path and fr.scope.kind == "module":
                    return Unknown
                return self.lookup_in(self.module_frame(mod), alias.name)
            v = Ext(apis.canonical(f"{base}.{alias.name}"))
            if v.name not in apis.API and not _jax_family(base) and _importable(base) \
                    and not self.finder.is_extension(base):
                v = self._jedi(fr.scope.module, alias) or v
            self._api_ref(v, st, self.module_frame(fr.scope.module) if fr.scope.kind == "module" else fr, fr.ctx)
            return v
        if kind == "assign":
            _, _target, value = b
            if value is None:
                return Unknown
            if isinstance(value, tuple):
                if value[0] == "item":
                    seq = self.eval(value[1], fr, fr.ctx)
                    if isinstance(seq, Seq) and value[2] < len(seq.items):
                        return seq.items[value[2]]
                    return Unknown
                if value[0] == "enter":
                    v = self.eval(value[1], fr, fr.ctx)
                    m = _mesh_of_cm(v)
                    return m if m is not None else Unknown
                return Unknown
            return self.eval(value, fr, fr.ctx)
        if kind in ("param", "kwonly", "vararg", "kwarg"):
            return fr.args.get(name, Unknown)
        return Unknown

    def _module_value(self, name: str, near: Module) -> Value:
        mod = self.finder.find(name, near)
        if mod is not None:
            return ModV(mod)
        return Ext(apis.canonical(name))

    def _star_lookup(self, st: ast.ImportFrom, module: Module, name: str) -> Value:
        base = resolve_relative(st, module.name, module.is_package)
        if base is None:
            return Unknown
        mod = self.finder.find(base, module)
        if mod is not None and mod.path != module.path:
            if name in mod.scope.bindings or "*" in mod.scope.bindings:
                return self.lookup_in(self.module_frame(mod), name)
            return Unknown
        cand = apis.canonical(f"{base}.{name}")
        if cand in apis.API:
            return Ext(cand)
        if not _jax_family(base) and self.resolver is not None and _importable(base):
            resolved = self._jedi_star(module, name)
            if resolved is not None:
                return resolved
        return Unknown

    def _jedi(self, module: Module, alias: ast.alias) -> Ext | None:
        """Ask jedi what an imported name is, when its module is not source we can read and the
        name could be a JAX API under another spelling."""
        if self.resolver is None or getattr(alias, "lineno", None) is None:
            return None
        line = module.source.line_text(alias.lineno)
        col = line.encode("utf-8")[: alias.col_offset].decode("utf-8", "replace")
        name = self.resolver.full_name(module.path, module.source.text, alias.lineno, len(col))
        if name is not None and name in apis.API:
            return Ext(name)
        return None

    def _jedi_star(self, module: Module, name: str) -> Ext | None:
        """A name that only a star import can have brought: ask jedi at its first use."""
        for node in ast.walk(module.tree):
            if isinstance(node, ast.Name) and node.id == name:
                line = module.source.line_text(node.lineno)
                col = len(line.encode("utf-8")[: node.col_offset].decode("utf-8", "replace"))
                full = self.resolver.full_name(module.path, module.source.text, node.lineno, col)
                if full is not None and full in apis.API:
                    return Ext(full)
                return None
        return None

    def getattr(self, base: Value, attr: str) -> Value:
        if isinstance(base, Multi):
            return multi([self.getattr(o, attr) for o in base.options])
        if isinstance(base, Ext):
            return Ext(apis.canonical(f"{base.name}.{attr}"))
        if isinstance(base, ModV):
            mod = base.module
            sub = self.finder.find(f"{mod.name}.{attr}", mod)
            if attr in mod.scope.bindings or sub is None:
                v = self.lookup_in(self.module_frame(mod), attr)
                if v is not Unknown or sub is None:
                    return v
            return ModV(sub)
        if isinstance(base, ClassV):
            return self._class_attr(base, attr)
        if isinstance(base, Inst):
            if attr in base.attrs:
                return base.attrs[attr]
            v = self._class_attr(base.cls, attr)
            if isinstance(v, Func):
                node = v.scope.node
                if any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in getattr(node, "decorator_list", ())):
                    return v
                return Bound(v, base)
            if isinstance(v, Transformed) and isinstance(v.fn, Func):
                return Bound(v, base)
            return v
        if isinstance(base, (Transformed, Factory, CommV, Traced, MeshV, Func, DevicesV)):
            if isinstance(base, MeshV) and attr == "axis_names" and base.axes is not None:
                return Seq(tuple(Const(a) for a in base.axes))
            if isinstance(base, MeshV) and attr == "shape" and base.axes is not None and base.sizes is not None:
                return DictV(dict(zip(base.axes, (Const(s) for s in base.sizes))))
            return MethodOf(base, attr)
        return Unknown

    def _class_attr(self, cls: ClassV, attr: str, depth: int = 0) -> Value:
        sc = cls.scope
        if attr in sc.bindings:
            fr = self._class_frame(cls)
            return self.lookup_in(fr, attr)
        if depth > 8:
            return Unknown
        parent = self._class_frame(cls).parent
        for b in sc.node.bases:
            bv = self.eval(b, parent, parent.ctx) if parent is not None else Unknown
            if isinstance(bv, ClassV):
                v = self._class_attr(bv, attr, depth + 1)
                if v is not Unknown:
                    return v
        return Unknown

    def _class_frame(self, cls: ClassV) -> AFrame:
        key = ("class", id(cls.scope))
        fr = self.module_frames.get(key)
        if fr is None:
            parent_scope = cls.scope.parent
            parent = self.module_frame(cls.scope.module) if parent_scope is None or parent_scope.kind == "module" else None
            if parent is None:
                parent = self.module_frame(cls.scope.module)
            fr = AFrame(cls.scope, Context(), {}, parent, (), 0)
            self.module_frames[key] = fr
        return fr

    # ------------------------------------------------------------------ calls

    def eval_call(self, node: ast.Call, frame: AFrame, ctx: Context) -> Value:
        platform = _lowering_platform(node)
        if platform is not None:
            self.platforms.append(platform)
            try:
                callee = self.eval(node.func, frame, ctx)
            finally:
                self.platforms.pop()
        else:
            callee = self.eval(node.func, frame, ctx)
        args = []
        unknown_tail = False
        for a in node.args:
            if isinstance(a, ast.Starred):
                v = self.eval(a.value, frame, ctx)
                if isinstance(v, Seq):
                    args.extend(v.items)
                else:
                    unknown_tail = True
                continue
            args.append(self.eval(a, frame, ctx))
        kwargs = {}
        for kw in node.keywords:
            v = self.eval(kw.value, frame, ctx)
            if kw.arg is None:
                if isinstance(v, DictV):
                    kwargs.update({str(k): x for k, x in v.items.items()})
                continue
            kwargs[kw.arg] = v
        site = self.site(node, frame)
        return self.call(callee, args, kwargs, frame, ctx, site, node, unknown_args=unknown_tail)

    def call(self, callee: Value, args: list, kwargs: dict, frame: AFrame, ctx: Context, site: Site,
             node, *, unknown_args: bool = False, decorating: bool = False, label: str = "") -> Value:
        if frame.depth > MAX_DEPTH:
            return Unknown
        if isinstance(callee, Multi):
            return multi([self.call(o, args, kwargs, frame, ctx, site, node, unknown_args=unknown_args,
                                    decorating=decorating, label=label) for o in callee.options])
        if isinstance(callee, Func):
            return self.run_function(callee, args, kwargs, frame, ctx, site, unknown_args, label)
        if isinstance(callee, Bound):
            return self.call(callee.func, [callee.self_value, *args], kwargs, frame, ctx, site, node,
                             unknown_args=unknown_args, label=label)
        if isinstance(callee, Partial):
            return self.call(callee.func, [*callee.args, *args], {**callee.kwargs, **kwargs}, frame, ctx,
                             site, node, unknown_args=unknown_args, decorating=decorating, label=label)
        if isinstance(callee, ClassV):
            inst = Inst(callee)
            init = self._class_attr(callee, "__init__")
            if isinstance(init, Func):
                self.run_function(init, [inst, *args], kwargs, frame, ctx, site, unknown_args, label)
            return inst
        if isinstance(callee, Inst):
            m = self.getattr(callee, "__call__")
            if m is not Unknown:
                return self.call(m, args, kwargs, frame, ctx, site, node, label=label)
            return Unknown
        if isinstance(callee, Transformed):
            return self.apply_transformed(callee, args, kwargs, frame, ctx, site, node, label)
        if isinstance(callee, Factory):
            if args and _is_callable(args[0]):
                if callee.kind == "call_now":
                    self.call(args[0], [], {}, frame, ctx, site, node, unknown_args=True)
                    return Unknown
                params = dict(callee.params)
                params["__wrap__"] = self._wrap_site(args[0], node, frame, decorating, None)
                return Transformed(callee.kind, args[0], params, callee.site, callee.api)
            return Unknown
        if isinstance(callee, MethodOf):
            return self.call_method(callee, args, kwargs, frame, ctx, site, node, label)
        if isinstance(callee, Ext):
            return self.call_api(callee.name, args, kwargs, frame, ctx, site, node, decorating)
        return Unknown

    def run_function(self, func: Func, args: list, kwargs: dict, frame: AFrame, ctx: Context,
                     site: Site, unknown_args: bool, label: str = "") -> Value:
        scope = func.scope
        if scope is None or scope.kind not in ("function", "lambda"):
            return Unknown
        bound = self._bind(scope, func, args, kwargs)
        argkey = tuple(sorted((k, v.key()) for k, v in bound.items() if v is not Unknown))
        env_key = id(func.env) if func.env is not None else 0
        key = (id(scope), ctx.frames, ctx.mesh_key, env_key, argkey)
        if key in self.memo:
            r = self.memo[key]
            return Unknown if r is _BUSY else r
        vkey = (id(scope), ctx.frames, env_key)
        n = self.variants.get(vkey, 0)
        if n >= MAX_VARIANTS:
            return Unknown
        self.variants[vkey] = n + 1
        self.memo[key] = _BUSY
        parent = func.env if func.env is not None else self.module_frame(scope.module)
        name = scope.qualname or scope.name
        msg = label or f"calls {name}()" if scope.kind == "function" else (label or "calls a lambda")
        path = frame.path + ((site, msg),)
        fr = AFrame(scope, ctx, bound, parent, path, frame.depth + 1)
        try:
            if scope.kind == "lambda":
                result = self.eval(scope.node.body, fr, ctx)
            else:
                self.exec_body(scope.node.body, fr, ctx)
                result = multi(fr.returns)
        except RecursionError:
            result = Unknown
        self.memo[key] = result
        return result

    def _bind(self, scope: Scope, func: Func, args: list, kwargs: dict) -> dict:
        node = scope.node
        a = node.args
        positional = [*a.posonlyargs, *a.args]
        bound: dict = {}
        for p, v in zip(positional, args):
            bound[p.arg] = v
        for k, v in kwargs.items():
            if any(p.arg == k for p in positional) or any(p.arg == k for p in a.kwonlyargs):
                bound[k] = v
        # Defaults are evaluated where the function was defined.
        defaults = a.defaults
        if defaults:
            owner = func.env if func.env is not None else self.module_frame(scope.module)
            for p, d in zip(positional[len(positional) - len(defaults):], defaults):
                if p.arg not in bound:
                    bound[p.arg] = self.eval(d, owner, owner.ctx)
        for p, d in zip(a.kwonlyargs, a.kw_defaults):
            if p.arg not in bound and d is not None:
                owner = func.env if func.env is not None else self.module_frame(scope.module)
                bound[p.arg] = self.eval(d, owner, owner.ctx)
        return bound

    def call_method(self, m: MethodOf, args, kwargs, frame, ctx, site, node, label) -> Value:
        obj = m.obj
        if isinstance(obj, DevicesV) and m.name == "reshape":
            dims = args[0] if len(args) == 1 and isinstance(args[0], Seq) else Seq(tuple(args))
            shape = _ints(dims)
            return DevicesV(shape if shape and all(d > 0 for d in shape) else None)
        if isinstance(obj, DevicesV) and m.name in ("flatten", "ravel"):
            return DevicesV(None if obj.shape is None else (_prod(obj.shape),))
        if isinstance(obj, Transformed) and m.name in ("defvjp", "defjvp"):
            names = ("__fwd__", "__bwd__") if m.name == "defvjp" else ("__jvp__",)
            for k, a in zip(names, args):
                obj.params[k] = a
            return Unknown
        if isinstance(obj, Transformed):
            if m.name in ("lower", "trace", "eval_shape", "__call__", "call"):
                self.apply_transformed(obj, args, kwargs, frame, ctx, site, node, label)
                return Traced(obj) if m.name == "trace" else Unknown
            return Unknown
        if isinstance(obj, Func) and m.name in ("lower", "trace"):
            return Unknown
        if isinstance(obj, CommV) and m.name == "start":
            ev = obj.event
            self.record(Event("start", ev.api, site, ctx, frame.path, node, extra={"comm": ev, "key": id(ev)}))
            return Unknown
        return Unknown

    # ------------------------------------------------------------------ transformations

    def apply_transformed(self, t: Transformed, args, kwargs, frame: AFrame, ctx: Context, site: Site,
                          node, label="") -> Value:
        kind = t.kind
        p = t.params
        if kind == "wrap":
            if ctx.innermost("grad") is not None and ("__fwd__" in p or "__jvp__" in p):
                # Differentiated: JAX traces the custom rules instead of the primal function.
                if "__jvp__" in p:
                    self.call(p["__jvp__"], [], {}, frame, ctx, site, node, unknown_args=True,
                              label="its custom JVP rule runs under differentiation")
                    return Unknown
                self.call(p["__fwd__"], args, kwargs, frame, ctx, site, node, unknown_args=True,
                          label="its custom VJP forward rule runs under differentiation")
                if "__bwd__" in p:
                    saved, self.blame = self.blame, self.blame or site
                    try:
                        self.call(p["__bwd__"], [], {}, frame, ctx, site, node, unknown_args=True,
                                  label="its custom VJP backward rule runs under differentiation")
                    finally:
                        self.blame = saved
                return Unknown
            return self.call(t.fn, args, kwargs, frame, ctx, site, node, label=label)
        if kind == "grad":
            inner = ctx.push(Frame("grad", t.site, frozenset(), api=t.api))
            self.call(t.fn, args, kwargs, frame, inner, site, node, unknown_args=True,
                      label=label or f"calls the function {apis.short(t.api)} differentiates")
            return Unknown
        if kind == "jit":
            auto = _multi_device_shardings(p.get("in_shardings")) or _multi_device_shardings(
                p.get("out_shardings")) or any(_multi_device_shardings(a) for a in args)
            platform = _platform_name(p.get("platforms")) or (self.platforms[-1] if self.platforms else None)
            inner = ctx.push(Frame("jit", t.site, frozenset(), auto_partitioned=auto, api=t.api,
                                   platform=platform, wrap=p.get("__wrap__")))
            self.call(t.fn, args, kwargs, frame, inner, site, node, unknown_args=True,
                      label=label or "calls the jitted function")
            return Unknown
        if kind == "pmap":
            name = p.get("axis_name", Unknown)
            axes = _axis_names(name) if name is not Unknown else frozenset()
            inner = ctx.push(Frame("pmap", t.site, axes, api=t.api, wrap=p.get("__wrap__")))
            self.call(t.fn, args, kwargs, frame, inner, site, node, unknown_args=True,
                      label=label or "calls the pmapped function")
            return Unknown
        if kind == "vmap":
            name = p.get("axis_name", Unknown)
            axes = _axis_names(name) if name is not Unknown else frozenset()
            if axes is None or axes:
                inner = ctx.push(Frame("vmap", t.site, axes, api=t.api))
            else:
                inner = ctx
            return self.call(t.fn, args, kwargs, frame, inner, site, node, unknown_args=True,
                             label=label or "calls the vmapped function")
        if kind == "shard_map":
            mesh = p.get("mesh", Unknown)
            if isinstance(mesh, MeshV) and not mesh.abstract and ctx.innermost("shard_map") is not None:
                self.record(Event("nested_concrete_mesh", t.api, site, ctx, frame.path, node,
                                  extra={"created": t.site}))
            if mesh is Unknown or (isinstance(mesh, Const) and mesh.value is None):
                mesh = ctx.mesh or self.global_mesh.get(_entry_path(frame)) or Unknown
            mesh_axes = mesh.axes if isinstance(mesh, MeshV) else None
            mesh_sizes = mesh.sizes if isinstance(mesh, MeshV) else None
            manual = None
            if "axis_names" in p:
                manual = _axis_names(p["axis_names"])
            elif "auto" in p and mesh_axes is not None:
                auto = _axis_names(p["auto"])
                manual = None if auto is None else frozenset(mesh_axes) - auto
            elif mesh_axes is not None:
                manual = frozenset(mesh_axes)
            check = p.get("check_vma", p.get("check_rep", Const(True)))
            fr = Frame("shard_map", t.site, manual, mesh_axes, mesh_sizes, api=t.api,
                       wrap=p.get("__wrap__"), spec_axes=_spec_axes(p.get("in_specs")))
            inner = ctx.push(fr)
            if isinstance(mesh, MeshV):
                inner = inner.with_mesh(mesh)
            self.smap_checks[fr] = check
            if isinstance(mesh, MeshV) and mesh.explicit_default:
                self._explicit_inputs(mesh, p.get("in_specs"), args, frame, ctx, site, node)
            # Inside, every argument is a per-device block: it varies over the manual axes.
            self.call(t.fn, [Varying() for _ in args], {}, frame, inner, site, node, unknown_args=True,
                      label=label or "calls the shard_mapped function")
            return Unknown
        if kind == "pallas_call":
            kf = Frame("kernel", t.site, frozenset(), api=t.api)
            ev = Event("pallas", t.api, site, ctx, frame.path, node,
                       extra={"created": t.site, "params": p, "kernel_frame": kf, "key": id(t)})
            self.record(ev)
            kctx = ctx.push(kf)
            self.call(t.fn, [], {}, frame, kctx, t.site, node, unknown_args=True,
                      label="runs the Pallas kernel")
            return Unknown
        if kind == "trace":
            self.call(t.fn, [], {}, frame, ctx, site, node, unknown_args=True, label=label)
            return Unknown
        return Unknown

    def call_api(self, name: str, args, kwargs, frame: AFrame, ctx: Context, site: Site, node,
                 decorating: bool) -> Value:
        api = apis.API.get(name)
        if api is None:
            if name in ("builtins.frozenset", "builtins.set", "builtins.tuple", "builtins.list") and args:
                return args[0] if isinstance(args[0], Seq) else Unknown
            if name == "builtins.range":
                vals = [a.value for a in args if isinstance(a, Const) and isinstance(a.value, int)]
                if len(vals) == len(args) and 1 <= len(vals) <= 3:
                    r = range(*vals)
                    if len(r) <= 256:
                        return Seq(tuple(Const(i) for i in r), "list")
                return Unknown
            if name == "builtins.zip":
                return Unknown
            if name == "builtins.getattr" and len(args) >= 2 and isinstance(args[1], Const) \
                    and isinstance(args[1].value, str):
                return self.getattr(args[0], args[1].value)
            if name in ("numpy.array", "numpy.asarray") and args and isinstance(args[0], DevicesV):
                return args[0]
            if name.startswith(_GPU_PALLAS) and name.endswith("CompilerParams"):
                return CompilerParamsV(None, tpu=False)
            if name.startswith(("jax.experimental.pallas.tpu.", *_GPU_PALLAS)):
                kf = ctx.innermost("kernel")
                if kf is not None:
                    kind = "tpu_api" if name.startswith("jax.experimental.pallas.tpu.") else "gpu_api"
                    self.record(Event(kind, name, site, ctx, frame.path, node))
            return Unknown
        kind = api.kind
        if kind in ("collective", "send", "recv"):
            axis = _arg(args, kwargs, api.axis_arg, api.axis_kw)
            perm = _arg(args, kwargs, api.perm_arg, "perm") if api.perm_arg is not None else None
            ev = Event(kind, name, site, ctx, frame.path, node, axes=_axis_tuple(axis),
                       perm=_perm(perm) if perm is not None else None,
                       extra={"axis_value": axis})
            self.record(ev)
            return Received(ev) if kind == "recv" else Unknown
        if kind in ("jit", "pmap", "vmap", "shard_map", "pallas_call", "wrap", "trace", "grad"):
            fn = _arg(args, kwargs, api.fn_args[0] if api.fn_args else None, api.fn_kws[0] if api.fn_kws else "")
            params = dict(kwargs)
            if kind == "shard_map" and name == "jax.experimental.shard_map.shard_map":
                for i, k in enumerate(("mesh", "in_specs", "out_specs", "check_rep", "auto"), start=1):
                    if len(args) > i:
                        params[k] = args[i]
            if kind == "pmap" and len(args) > 1:
                params.setdefault("axis_name", args[1])
            if kind == "vmap":
                if len(args) > 3:
                    params.setdefault("axis_name", args[3])
            if kind == "shard_map":
                self.record(Event("smap_kw", name, site, ctx, frame.path, node,
                                  extra={"kwargs": sorted(kwargs), "key": "kw"}))
            if fn is not None:
                params["__wrap__"] = self._wrap_site(fn, node, frame, decorating, api)
            if fn is None or fn is Unknown and not args:
                if name in ("jax.experimental.pallas.when", "jax.experimental.pallas.core_map"):
                    return Factory("call_now", params, site, name)
                return Factory(kind, params, site, name)
            if name in ("jax.experimental.pallas.when",):
                return Factory("call_now", params, site, name)
            if kind == "pallas_call":
                cp = params.get("compiler_params")
                params["compiler_params"] = cp if cp is not None else Unknown
            return Transformed(kind, fn, params, site, name)
        if kind == "grad_call":
            fn = _arg(args, kwargs, 0, "fun")
            if fn is not None and _is_callable(fn):
                inner = ctx.push(Frame("grad", site, frozenset(), api=name))
                self.call(fn, list(args[1:]), {}, frame, inner, site, node, unknown_args=True,
                          label=f"{apis.short(name)} differentiates it")
            return Unknown
        if kind == "call":
            callables = []
            for i in api.fn_args:
                if i < len(args):
                    callables.append(args[i])
            for k in api.fn_kws:
                if k in kwargs:
                    callables.append(kwargs[k])
            fn_args, init = _traced_arguments(apis.short(name), args)
            outputs = []
            for c in callables:
                items = c.items if isinstance(c, Seq) else (c,)
                for it in items:
                    if _is_callable(it):
                        outputs.append(self.call(it, fn_args, {}, frame, ctx, site, node, unknown_args=True,
                                                 label=f"{apis.short(name)} traces it"))
            self._received_carry(name, outputs, init, frame, ctx, site, node)
            return Unknown
        if kind == "deco_call":
            return Factory("call_now", dict(kwargs), site, name)
        if kind in ("comm", "signal", "barrier"):
            extra = {}
            if kind == "comm":
                extra["device_id"] = _arg(args, kwargs, 4, "device_id")
                extra["device_id_type"] = _arg(args, kwargs, 5, "device_id_type") or Unknown
            if kind == "signal":
                dev = kwargs.get("device_id")
                if dev is None or (isinstance(dev, Const) and dev.value is None):
                    return Unknown  # a local semaphore signal does not communicate
                extra["device_id"] = dev
                extra["device_id_type"] = kwargs.get("device_id_type", Unknown)
            ev = Event(kind, name, site, ctx, frame.path, node, extra=extra)
            self.record(ev)
            return CommV(ev) if kind == "comm" else Unknown
        if kind in ("mesh", "make_mesh", "abstract_mesh"):
            return _make_mesh(kind, args, kwargs, site, node)
        if kind == "set_mesh":
            if any(f.kind in ("jit", "shard_map", "pmap", "vmap", "grad") for f in ctx.frames):
                self.record(Event("set_mesh_traced", name, site, ctx, frame.path, node))
            m = _arg(args, kwargs, 0, "mesh")
            return SetMeshV(m) if isinstance(m, MeshV) else Unknown
        if kind == "named_sharding":
            return ShardingV(_arg(args, kwargs, 0, "mesh") or Unknown)
        if kind == "device_mesh":
            shape = _ints(_arg(args, kwargs, 0, "mesh_shape"))
            return DevicesV(shape)
        if kind == "devices":
            return DevicesV(None)
        if kind == "pspec":
            axes = []
            for a in args:
                if isinstance(a, Const) and a.value is None:
                    continue
                t = _axis_tuple(a)
                if t is None:
                    return PSpecV(None)
                axes.extend(t)
            return PSpecV(tuple(axes))
        if kind == "plain_array":
            return PlainArray()
        if kind == "env_default":
            default = _arg(args, kwargs, 1, "default")
            return Multi((default, Unknown)) if isinstance(default, Const) else Unknown
        if kind == "partial":
            if not args:
                return Unknown
            return Partial(args[0], tuple(args[1:]), dict(kwargs))
        if kind == "placed":
            # An array (or its abstract stand-in) placed with a sharding: what jit sees of it.
            sharding = _arg(args, kwargs, api.axis_arg, api.axis_kw)
            if isinstance(sharding, ShardingV):
                return sharding
            if sharding is None and name == "jax.ShapeDtypeStruct":
                return PlainArray()
            return Unknown
        if kind == "compiler_params":
            return CompilerParamsV(kwargs.get("collective_id"))
        return Unknown

    def _received_carry(self, name: str, outputs: list, init, frame, ctx, site, node) -> None:
        """What `precv` returned does not vary over the mesh axes: under shard_map's varying-axes
        check, a loop whose initial carry varies but whose body returns it, or a cond whose one
        branch returns it while another returns a varying value, has mismatched types."""
        short = apis.short(name)
        if short in ("fori_loop", "while_loop", "scan"):
            carries = outputs[-1:] if short != "scan" else [
                o.items[0] if isinstance(o, Seq) and o.items else o for o in outputs]
            if _holds(init, Varying) and any(_holds(c, Received) and not _holds(c, Varying) for c in carries):
                self.record(Event("recv_carry", name, site, ctx, frame.path, node, extra={"what": "carry"}))
        elif short in ("cond", "switch"):
            received = [_holds(o, Received) and not _holds(o, Varying) for o in outputs]
            if any(received) and any(_holds(o, Varying) for o in outputs):
                self.record(Event("recv_carry", name, site, ctx, frame.path, node, extra={"what": "branches"}))

    def _explicit_inputs(self, mesh: MeshV, in_specs, args, frame, ctx, site, node) -> None:
        """Inputs without a sharding given to a shard_map over an Explicit mesh with in_specs
        that shard them: JAX checks the specs against the inputs' own (replicated) types."""
        if in_specs is None or not args:
            return
        specs = in_specs.items if isinstance(in_specs, Seq) else (in_specs,) * len(args)
        for spec, arg in zip(specs, args):
            if isinstance(spec, PSpecV) and spec.axes and isinstance(arg, PlainArray):
                self.record(Event("explicit_unsharded", "jax.shard_map", site, ctx, frame.path, node,
                                  axes=spec.axes, extra={"mesh": mesh}))
                return

    def _wrap_site(self, fn: Value, node, frame: AFrame, decorating: bool, api) -> tuple | None:
        if decorating:
            if isinstance(fn, Func) and isinstance(fn.scope.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                d = fn.scope.node
                return ("decorator", Site(fn.scope.module.path, d.lineno, d.col_offset, d.lineno,
                                          d.col_offset, d.name))
            return None
        if isinstance(node, ast.Call):
            expr = None
            if node.args and not isinstance(node.args[0], ast.Starred):
                expr = node.args[0]
            elif api is not None:
                expr = next((k.value for k in node.keywords if k.arg in api.fn_kws), None)
            if expr is not None:
                return ("arg", self.site(expr, frame, ast.unparse(expr) if len(ast.dump(expr)) < 400 else ""))
        return None


# ---------------------------------------------------------------------- helpers

_GPU_PALLAS = ("jax.experimental.pallas.triton.", "jax.experimental.pallas.mosaic_gpu.",
               "jax.experimental.pallas.gpu.")

# Decorators that return the function itself or a wrapper that calls it with the same arguments.
_TRANSPARENT_DECORATORS = {
    "builtins.property", "builtins.staticmethod", "builtins.classmethod", "functools.wraps",
    "functools.lru_cache", "functools.cache", "functools.cached_property", "typing.overload",
    "typing.final", "abc.abstractmethod", "typing_extensions.override", "typing.override",
    # Context managers that also decorate (`@jax.named_scope("name")`).
    "jax.named_scope", "jax.experimental.pallas.tpu.trace", "jax.profiler.TraceAnnotation",
    "contextlib.ContextDecorator",
}

_BUILTINS = {"map", "getattr", "frozenset", "set", "tuple", "list", "range", "zip", "property", "staticmethod",
             "classmethod", "len", "print", "dict", "int", "float", "str", "enumerate", "sorted"}

_BINOPS = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
    ast.Mod: lambda a, b: a % b, ast.FloorDiv: lambda a, b: a // b,
}


def _entry_path(frame: AFrame) -> str:
    """The file of the entry point that is running `frame`."""
    return frame.path[0][0].path if frame.path else frame.scope.module.path


def _holds(v, kind) -> bool:
    if isinstance(v, kind):
        return True
    if isinstance(v, Seq):
        return any(_holds(i, kind) for i in v.items)
    if isinstance(v, Multi):
        return any(_holds(o, kind) for o in v.options)
    return False


def _traced_arguments(short: str, args: list) -> tuple[list, Value]:
    """The arguments a lax control-flow primitive traces its function(s) with, and its initial
    carry: fori_loop(lo, hi, body, init), while_loop(cond, body, init), scan(f, init, xs),
    cond(pred, t, f, *ops), switch(i, branches, *ops)."""
    if short == "fori_loop" and len(args) > 3:
        return [Unknown, args[3]], args[3]
    if short == "while_loop" and len(args) > 2:
        return [args[2]], args[2]
    if short == "scan" and len(args) > 1:
        return [args[1], Unknown], args[1]
    if short == "cond" and len(args) > 3:
        return list(args[3:]), Unknown
    if short == "switch" and len(args) > 2:
        return list(args[2:]), Unknown
    return [], Unknown


def _prod(xs) -> int:
    n = 1
    for x in xs:
        n *= x
    return n


def _slice_devices(interp, sl: ast.Slice, frame, ctx) -> Value:
    """`devices[:n]` / `devices[0:n]` of a device list: n devices."""
    lo = interp.eval(sl.lower, frame, ctx) if sl.lower is not None else Const(0)
    hi = interp.eval(sl.upper, frame, ctx) if sl.upper is not None else None
    if sl.step is None and isinstance(lo, Const) and lo.value == 0 and isinstance(hi, Const) \
            and isinstance(hi.value, int) and hi.value > 0:
        return DevicesV((hi.value,))
    return DevicesV(None)


def _lowering_platform(node: ast.Call) -> str | None:
    """`X.lower(..., lowering_platforms=("tpu",))`: the platform X is traced for."""
    if not (isinstance(node.func, ast.Attribute) and node.func.attr == "lower"):
        return None
    for kw in node.keywords:
        if kw.arg == "lowering_platforms" and isinstance(kw.value, (ast.Tuple, ast.List)) and kw.value.elts:
            first = kw.value.elts[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                return first.value
    return None


def _platform_name(v) -> str | None:
    t = _axis_tuple(v)
    return t[0] if t else None


def _is_type_checking(test: ast.AST) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _is_callable(v: Value) -> bool:
    return isinstance(v, (Func, Bound, Partial, Transformed, ClassV, Inst, Multi)) or (
        isinstance(v, Ext) and v.name in apis.API)


def _arg(args, kwargs, index, kw):
    if kw and kw in kwargs:
        return kwargs[kw]
    if index is not None and index < len(args):
        return args[index]
    return None


def _axis_tuple(v) -> tuple | None:
    if v is None:
        return None
    if isinstance(v, Const) and isinstance(v.value, str):
        return (v.value,)
    if isinstance(v, Seq) and all(isinstance(i, Const) and isinstance(i.value, str) for i in v.items):
        return tuple(i.value for i in v.items)
    return None


def _axis_names(v) -> frozenset | None:
    if isinstance(v, Const) and v.value is None:
        return frozenset()
    t = _axis_tuple(v)
    return frozenset(t) if t is not None else None


def _perm(v) -> tuple | None:
    if not isinstance(v, Seq):
        return None
    pairs = []
    for item in v.items:
        if not (isinstance(item, Seq) and len(item.items) == 2 and all(
                isinstance(x, Const) and isinstance(x.value, int) for x in item.items)):
            return None
        pairs.append((item.items[0].value, item.items[1].value))
    return tuple(pairs)


def _ints(v) -> tuple | None:
    if isinstance(v, Const) and isinstance(v.value, int):
        return (v.value,)
    if isinstance(v, Seq) and all(isinstance(i, Const) and isinstance(i.value, int) for i in v.items):
        return tuple(i.value for i in v.items)
    return None


def _make_mesh(kind, args, kwargs, site, node) -> MeshV:
    if kind == "make_mesh":
        shape = _ints(_arg(args, kwargs, 0, "axis_shapes"))
        names = _axis_tuple(_arg(args, kwargs, 1, "axis_names"))
        if names is not None and (shape is None or len(shape) != len(names)):
            shape = None
        return MeshV(names, shape, site, explicit_default="axis_types" not in kwargs)
    if kind == "abstract_mesh":
        first = _arg(args, kwargs, 0, "axis_sizes")
        if first is None:
            first = kwargs.get("shape_tuple")
        if isinstance(first, Seq) and first.items and all(isinstance(i, Seq) for i in first.items):
            names, sizes = [], []
            for pair in first.items:
                if len(pair.items) == 2 and isinstance(pair.items[0], Const):
                    names.append(pair.items[0].value)
                    s = pair.items[1]
                    sizes.append(s.value if isinstance(s, Const) else None)
            return MeshV(tuple(names), tuple(sizes) if None not in sizes else None, site, abstract=True)
        sizes = _ints(first)
        names = _axis_tuple(_arg(args, kwargs, 1, "axis_names"))
        return MeshV(names, sizes if names and sizes and len(sizes) == len(names) else None, site, abstract=True)
    names = _axis_tuple(_arg(args, kwargs, 1, "axis_names"))
    dev_node = None
    if isinstance(node, ast.Call):
        dev_node = node.args[0] if node.args else next(
            (k.value for k in node.keywords if k.arg == "devices"), None)
    devices = _arg(args, kwargs, 0, "devices")
    if isinstance(devices, DevicesV):
        sizes = devices.shape
    else:
        sizes = _device_array_shape(dev_node) if isinstance(dev_node, ast.Call) else _device_slice(dev_node)
    if names is not None and sizes is not None and len(sizes) != len(names):
        sizes = None
    return MeshV(names, sizes, site)


def _device_slice(node) -> tuple | None:
    """`jax.devices()[:4]` → (4,)."""
    if (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice)
            and isinstance(node.value, ast.Call) and (getattr(node.value.func, "attr", None) == "devices"
                                                      or getattr(node.value.func, "id", None) == "devices")):
        sl = node.slice
        if sl.step is None and (sl.lower is None or (isinstance(sl.lower, ast.Constant) and sl.lower.value == 0)) \
                and isinstance(sl.upper, ast.Constant) and isinstance(sl.upper.value, int) and sl.upper.value > 0:
            return (sl.upper.value,)
    return None


def _device_array_shape(node) -> tuple | None:
    """Static shape of a device array expression: `np.array(jax.devices()).reshape(2, 2)`,
    `mesh_utils.create_device_mesh((2, 2))`, `np.array(jax.devices()[:4])` ..."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "reshape":
        dims = node.args
        if len(dims) == 1 and isinstance(dims[0], (ast.Tuple, ast.List)):
            dims = dims[0].elts
        vals = [d.value if isinstance(d, ast.Constant) and isinstance(d.value, int) else None for d in dims]
        if vals and all(v is not None and v > 0 for v in vals):
            return tuple(vals)
        return None
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name in ("array", "asarray") and len(node.args) == 1:
        inner = node.args[0]
        if isinstance(inner, ast.Call):
            return _device_array_shape(inner)
        return _device_slice(inner)
    if name == "create_device_mesh" and node.args and isinstance(node.args[0], (ast.Tuple, ast.List)):
        vals = [d.value if isinstance(d, ast.Constant) and isinstance(d.value, int) else None
                for d in node.args[0].elts]
        if vals and all(v is not None for v in vals):
            return tuple(vals)
    return None


def _mesh_of_cm(v: Value) -> MeshV | None:
    if isinstance(v, SetMeshV):
        return v.mesh
    if isinstance(v, MeshV):
        return v
    return None


def _spec_axes(specs) -> frozenset | None:
    """The mesh axes a shard_map's in_specs (a PartitionSpec or a sequence of them) name."""
    items = specs.items if isinstance(specs, Seq) else (specs,)
    if not items or not all(isinstance(i, PSpecV) and i.axes is not None for i in items):
        return None
    return frozenset(a for i in items for a in i.axes)


def _multi_device_shardings(v) -> bool:
    if v is None:
        return False
    if isinstance(v, ShardingV):
        m = v.mesh
        if isinstance(m, MeshV):
            n = m.devices
            return n is None or n > 1
        return False
    if isinstance(v, Seq):
        return any(_multi_device_shardings(i) for i in v.items)
    if isinstance(v, DictV):
        return any(_multi_device_shardings(i) for i in v.items.values())
    if isinstance(v, Multi):
        return any(_multi_device_shardings(i) for i in v.options)
    return False


@functools.lru_cache(maxsize=1024)
def _importable(module_name: str) -> bool:
    """Whether the top-level package of `module_name` can be imported at all (import hooks and
    editable installs included); found without running it. Jedi has nothing to say otherwise."""
    top = module_name.split(".")[0]
    try:
        return importlib.machinery.PathFinder.find_spec(top) is not None or any(
            f.find_spec(top, None) is not None for f in sys.meta_path
            if type(f).__module__.startswith("__editable__"))
    except (ImportError, ValueError, AttributeError):
        return False


def _jax_family(module_name: str) -> bool:
    """Modules whose names the API table spells out, or that cannot re-export JAX."""
    top = module_name.split(".")[0]
    return top in ("jax", "jaxlib", "numpy") or top in sys.stdlib_module_names


sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
