"""The interpreter's statements, names and modules, with Python's own semantics: statements run
in order; at each use a name has the value of the bindings that reach it (the last assignment;
both arms of an `if` whose test is not known, joined; a loop's body to a fixpoint); closures
see their enclosing scope as it is when they run; a project module runs its top level once,
when it is imported or run as an entry point; an installed module is read lazily, name by name.

What it records are events (interp/events.py); rules are pure functions over them."""

from __future__ import annotations

import ast
import collections
import functools
import re

from .. import apis, skeleton
from ..index import Module, ModuleFinder, Scope
from . import datafiles, lazy
from .events import Event
from .expr import ExprMixin, caught_names, exception_names, rethrown
from .frames import Context, Raise, Site, entry_path
from .jaxapi import ApiMixin
from .calls import Budget, is_callable, value_name
from .values import (
    UNBOUND, ArrayV, AxisRulesV, Bound, ClassV, Const, DictV, EagerShardingV, Ext, Func, GraphPart, Inst, MeshV, ModV,
    Partial, PSpecV, Seq, SetMeshV, Thunk, Transformed, Unknown, Value, YieldedV, dict_key, enum_made, join, options,
    row_of,
)

MAX_DEPTH = 60
MAX_UNROLL = 16  # a loop over a known sequence this short runs once per item
LOOP_PASSES = 3  # passes over a loop body whose iterations are not known, to a fixpoint


class Activation:
    """One run of a scope: a module's top level, a class body, a function call."""

    __slots__ = ("scope", "ctx", "env", "parent", "path", "returns", "yields", "weak_base", "depth", "version", "lazy",
                 "done", "stars", "pos", "cache")

    def __init__(self, scope: Scope, ctx: Context, env: dict, parent: "Activation | None", path: tuple,
                 depth: int, lazy_: bool = False):
        self.scope = scope
        self.ctx = ctx
        self.env = env
        self.parent = parent
        self.path = path
        self.returns: list = []
        # a generator's yielded values, each with the context mesh there and whether it surely
        # runs once the body does (no branch, loop of unknown length or handler around it)
        self.yields: list = []
        self.weak_base = 0  # the interpreter's `weak` where the body started
        self.depth = depth
        self.version = 0
        self.lazy = lazy_  # an installed module's top level, read name by name
        self.done = False
        self.stars: list = []  # `from m import *` sources, in order
        self.pos: list = []  # lazy modules: the statement index being evaluated
        self.cache: dict = {}  # lazy modules: (name, position) -> value

    def bind(self, name: str, value: Value) -> None:
        self.env[name] = value
        self.version += 1

    def __repr__(self):
        return f"<Activation {self.scope!r}>"


class Interpreter(ExprMixin, ApiMixin):
    max_depth = MAX_DEPTH

    def __init__(self, finder: ModuleFinder, resolver=None, jax_version: tuple = (), flax_version: tuple = ()):
        self.finder = finder
        self.resolver = resolver  # resolve.JediResolver, for names syntax cannot follow
        self.jax_version = jax_version  # the target JAX, for version tests in the code
        self.flax_version = flax_version  # the Flax it runs with; () where none is known
        # project files another one (not a test) imports: the program imports them, and their
        # `if __name__ == "__main__":` blocks (a library's demo) are not its code
        self.imported: frozenset = frozenset()
        self.events: dict = {}
        self.kernel_events: dict = {}  # kernel Layer -> [Event]
        self.modules: dict = {}  # module path -> its top-level Activation
        self.memo: dict = {}
        self.name_counts: dict = {}  # module path -> {name: how often it is read, at most} (bind_import)
        self.memo_since: dict = {}  # memo key -> values.serial() when that call started
        self.variants: dict = {}
        self.smap_checks: dict = {}  # shard_map Layer -> its check_vma/check_rep value
        self.jit_outputs: dict = {}  # jit Site -> what the jitted function returned, per call
        self.jit_smaps: dict = {}  # jit Site -> the manual axes of the shard_maps its function runs
        self.jit_pmaps: set = set()  # the jit Sites whose function runs a pmap
        # what JAX rejects only when it lowers the outermost jit being traced, which it blames
        # on the call that lowers it: (the spec's duplicate, the spec, which specs), per shard_map
        self.lowering_faults: list = []
        # a call written in a jitted function's body: its Site -> (arguments, result), per run
        self.jit_calls: dict = {}
        # calls whose positional arguments are not all known (a starred iterable of unknown length)
        self.open_calls: set = set()
        self.platforms: list = []  # `lowering_platforms=` of the `.lower(...)` being evaluated
        self.distributed = False  # the program called jax.distributed.initialize (many processes)
        # how many devices the program runs on, where it lays them all out in a known shape
        # (None: not known; "conflict": two layouts disagree)
        self.device_count: int | str | None = None
        # The device count assumed where the program does not fix it (the engine runs such
        # programs again for each of a few counts), and whether the analysis asked for it while
        # nothing fixed it (`jax.devices()`, `jax.device_count()`).
        self.assumed_devices: int | None = None
        self.count_consulted = False
        self.norm_stats: list = []  # per Linen apply running: the varying axes of its BatchNorm statistics
        # per Linen apply running: (the axes its variables vary over, whether exactly those)
        self.linen_params: list = []
        # per Linen init running: (the logical names, the mesh axes) its parameters are given
        self.linen_logical: list = []
        # per Linen init running: the key its parameters are made with (an array varying as its
        # keys do, exactly where all of them are known)
        self.linen_keys: list = []
        # per Linen init running: the tree of variables it makes (`linentree.LinenTree`)
        self.linen_trees: list = []
        # per nn.scan running: how it stacks the parameters made under it (`linen_stacking`)
        self.linen_stacks: list = []
        # (file, line) of each `if` run -> whether its test was decided on every run
        self.decided_ifs: dict = {}
        # While a custom_vjp's backward rule runs, JAX attributes what it does to the primal call.
        self.blame: Site | None = None
        # per differentiation running: the product whose gradient JAX cannot shard, the last one
        # met (jaxapi._backward_product), or None
        self.backward: list = []
        # `jax.set_mesh(mesh)` called as a statement: the process-wide mesh of the program whose
        # entry module ran it (programs in different files are different processes).
        self.global_mesh: dict = {}
        # the entry files whose programs may have turned Flax NNX's eager sharding off
        self.eager_off: set = set()
        self.global_rules: dict = {}  # entry path -> the logical axis rules `set_logical_axis_rules` set
        self.weak = 0  # > 0 while running code that may not run (a branch, a loop body)
        self.budget = Budget()  # of the entry point running (the engine starts one for each)

    def context_mesh(self, ctx: Context, act) -> MeshV | None:
        """The mesh in force: the one a `with jax.set_mesh(...)` around the code entered, else
        the one a `jax.set_mesh(mesh)` statement of the program set before."""
        return ctx.mesh if ctx.mesh is not None else self.global_mesh.get(entry_path(act))

    # ------------------------------------------------------------------ events

    def record(self, ev: Event) -> None:
        if self.blame is not None and ev.rule_site is None and ev.moves_with_blame:
            ev.rule_site = ev.site
            ev.site = self.blame
        key = ev.ident()
        if ev.site.path not in self.finder.files:
            # In an installed library: reported at the last project frame of its call path, so
            # two callers of the same library line are two events.
            key = (*key, next((s for s, msg in reversed(ev.path)
                               if s.path in self.finder.files and not msg.endswith("applied here")), None))
        kl = ev.ctx.innermost("kernel")
        if key in self.events:
            # (a kernel run again, by another pallas_call, holds what the first run recorded too)
            held = self.kernel_events.setdefault(kl, []) if kl is not None else None
            if held is not None and self.events[key] not in held:
                held.append(self.events[key])
            return
        self.events[key] = ev
        if kl is not None:
            self.kernel_events.setdefault(kl, []).append(ev)

    # ------------------------------------------------------------------ modules

    def module_act(self, module: Module) -> Activation:
        """The top-level activation of `module`: a project module has run its top level (or is
        running it, in an import cycle); an installed one is read lazily."""
        act = self.modules.get(module.path)
        if act is not None:
            return act
        act = Activation(module.scope, Context(), {}, None, (), 0, lazy_=not module.in_project)
        self.modules[module.path] = act
        if not act.lazy and module.tree is not None:
            label = f"module {module.name}"
            self.exec_block(module.tree.body, act, act.ctx, entry_label=label)
        act.done = True
        return act

    def run_module(self, module: Module) -> None:
        """Execute a module's top level as an entry point (eager context)."""
        if module.tree is not None:
            self.module_act(module)

    def run_entry_function(self, module: Module, qualname: str, ctx: Context, label: str,
                           args_from: tuple | None = None) -> bool:
        """Run a function as an entry point: a test function (a method of a test class runs on
        an instance, after its `setUp`), a lowering target (`args_from` = (module, attr) of its
        example arguments: a tuple, or a callable returning one)."""
        mact = self.module_act(module)
        parts = qualname.split(".")
        owner = self.global_value(mact, parts[0])
        val = owner
        setup = None
        for p in parts[1:]:
            if isinstance(owner, ClassV) and p == parts[-1]:
                inst = Inst(owner)
                setup = self.getattr(inst, "setUp")
                val = self.getattr(inst, p)
            else:
                val = self.getattr(val, p)
            owner = val
        if val is Unknown:
            return False
        args = []
        if args_from is not None:
            amod, attr = args_from
            a = self.lookup_qualname(amod, attr)
            if not isinstance(a, Seq) and is_callable(a):
                a = self.call(a, [], {}, self.module_act(amod), Context(), Site(amod.path, 1, 0, 1, 0), None)
            if isinstance(a, Seq):
                args = list(a.items)
        site = self.def_site(val) or Site(module.path, 1, 0, 1, 0)
        entry = Activation(module.scope, Context(), {}, mact, ((site, f"entry point: {label}"),), 0)
        try:
            if isinstance(setup, Bound) and isinstance(setup.func, Func):
                self.call(setup, [], {}, entry, ctx, site, None, label="calls setUp()")
            if ctx.layers and ctx.layers[0].kind == "jit":
                # Lowered as `jax.jit(fn).trace(*args)`: the arguments' shardings matter.
                wrap = {"__wrap__": ("decorator", site, ())} if isinstance(val, Func) and isinstance(
                    val.scope.node, (ast.FunctionDef, ast.AsyncFunctionDef)) else {}
                t = Transformed("jit", val, wrap, ctx.layers[0].site, "lowering target")
                self.apply_transformed(t, args, {}, entry, ctx.outside(0), site, None, label)
            else:
                self.call(val, args, {}, entry, ctx, site, None, unknown_tail=not args, label=label)
        except Raise:
            pass  # the entry point raises: what it reached before that is recorded
        return True

    def entry_site(self, module: Module, qualname: str) -> Site | None:
        return self.def_site(self.lookup_qualname(module, qualname))

    def def_site(self, val: Value) -> Site | None:
        if isinstance(val, Bound):
            return self.def_site(val.func)
        if isinstance(val, Func) and hasattr(val.scope.node, "lineno"):
            n = val.scope.node
            return Site(val.scope.module.path, n.lineno, n.col_offset, n.lineno, n.col_offset,
                        val.scope.qualname)
        if isinstance(val, Transformed):
            return self.def_site(val.fn) or val.site
        return None

    def site(self, node: ast.AST, act: Activation, label: str = "") -> Site:
        line, col = node.lineno, node.col_offset
        func = getattr(node, "func", None)
        if isinstance(node, ast.Call) and isinstance(func, ast.Attribute) and func.end_lineno != line:
            # A method call over several lines (`jax.jit(...)\n  .trace(x)`) is where Python
            # (and so JAX's traceback) places it: at the method's name.
            line, col = func.end_lineno, max(func.end_col_offset - len(func.attr), 0)
        return Site(act.scope.module.path, line, col,
                    getattr(node, "end_lineno", node.lineno) or node.lineno,
                    getattr(node, "end_col_offset", node.col_offset) or node.col_offset, label)

    # ------------------------------------------------------------------ statements

    def exec_block(self, body, act: Activation, ctx: Context, entry_label: str | None = None):
        """Run statements in order. Returns how the block ends: None (it falls through),
        "return", "raise", "break" or "continue"."""
        for st in body:
            if entry_label is not None and not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                              ast.ClassDef, ast.Import, ast.ImportFrom)):
                act.path = ((self.site(st, act), f"entry point: {entry_label}, line {st.lineno}"),)
            end = self.exec_stmt(st, act, ctx, entry_label)
            if end is not None:
                return end
        return None

    def exec_stmt(self, st: ast.stmt, act: Activation, ctx: Context, entry_label=None):
        method = _STMT_METHODS.get(type(st))
        try:
            if method is None:
                for child in ast.iter_child_nodes(st):
                    if isinstance(child, ast.expr):
                        self.eval(child, act, ctx)
                return None
            return method(self, st, act, ctx, entry_label)
        except Raise:
            return "raise"
        except Exception as e:
            if not hasattr(e, "shardlint_site"):  # the innermost statement it failed in
                e.shardlint_site = (act.scope.module.path, st.lineno)
            raise

    def _st_FunctionDef(self, st, act, ctx, entry_label):
        self.assign_name(st.name, self.define_function(st, act, ctx), act)

    _st_AsyncFunctionDef = _st_FunctionDef

    def _st_ClassDef(self, st, act, ctx, entry_label):
        self.assign_name(st.name, self.define_class(st, act, ctx), act)

    def _st_Import(self, st, act, ctx, entry_label):
        for al in st.names:
            local = al.asname or al.name.split(".")[0]
            self.bind_import(local, functools.partial(lazy.import_value, self, al, act), act,
                             module=lazy.imports_project_module(self, al.name, act))

    def _st_ImportFrom(self, st, act, ctx, entry_label):
        if ctx.caught & {"ImportError", "ModuleNotFoundError"} and self._lacks(st):
            raise Raise()  # the target JAX has no such API, and the handler around takes over
        for al in st.names:
            if al.name == "*":
                lazy.star_import(self, st, act)
            else:
                self.bind_import(al.asname or al.name, functools.partial(lazy.from_value, self, st, al, act), act,
                                 module=lazy.imports_submodule(self, st, al, act))

    def bind_import(self, local: str, value, act, module: bool) -> None:
        """An import binds lazily (a module imported and never used is never read), unless it
        imports a module whose name the importing module never reads: that one is imported for
        what running it does (a registry its decorators fill, a package importing its
        submodules)."""
        if not module:
            self.assign_name(local, Thunk(value), act)
            return
        counts = self.name_counts.get(act.scope.module.path)
        if counts is None:  # each word of the text, not after a dot (an attribute); `__all__` reads its names
            counts = self.name_counts[act.scope.module.path] = collections.Counter(
                _WORD.findall(act.scope.module.source.text))
            counts.update({name: 2 for name in _exported(act.scope.module.tree)})
        used = counts[local] > 1  # the import itself is one mention; one in a comment or a string counts too
        self.assign_name(local, Thunk(value) if used else value(), act)

    def _st_Expr(self, st, act, ctx, entry_label):
        v = self.eval(st.value, act, ctx)
        # `jax.set_mesh(mesh)` as a statement sets the mesh for what follows;
        # `nnx.use_eager_sharding(value)` Flax's default (off where it may be off).
        if not isinstance(st.value, ast.Call):
            return
        for o in options(v):
            if isinstance(o, SetMeshV):
                self.global_mesh[entry_path(act)] = o.mesh
        eager = [o for o in options(v) if isinstance(o, EagerShardingV)]
        if eager and all(isinstance(o, EagerShardingV) and o.on for o in options(v)):
            self.eager_off.discard(entry_path(act))
        elif eager:
            self.eager_off.add(entry_path(act))

    def _st_Assign(self, st, act, ctx, entry_label):
        value = self.eval(st.value, act, ctx)
        for t in st.targets:
            self.assign(t, value, act, ctx)

    def _st_AnnAssign(self, st, act, ctx, entry_label):
        if st.value is not None:
            self.assign(st.target, self.eval(st.value, act, ctx), act, ctx)

    def _st_AugAssign(self, st, act, ctx, entry_label):
        old = self.eval(st.target, act, ctx) if not isinstance(st.target, ast.Name) else self.lookup(
            st.target.id, act)
        value = self.binop(st.op, old, self.eval(st.value, act, ctx))
        self.assign(st.target, value, act, ctx)

    def _st_Return(self, st, act, ctx, entry_label):
        act.returns.append(self.eval(st.value, act, ctx) if st.value is not None else Const(None))
        return "return"

    def _st_Raise(self, st, act, ctx, entry_label):
        if st.exc is not None:
            self.eval(st.exc, act, ctx)
        return "raise"

    def _st_Break(self, st, act, ctx, entry_label):
        return "break"

    def _st_Continue(self, st, act, ctx, entry_label):
        return "continue"

    def _st_Pass(self, st, act, ctx, entry_label):
        return None

    _st_Global = _st_Nonlocal = _st_Pass

    def _st_Delete(self, st, act, ctx, entry_label):
        for t in st.targets:
            if isinstance(t, ast.Name) and t.id in act.env:
                act.bind(t.id, UNBOUND)

    def _st_Assert(self, st, act, ctx, entry_label):
        if self.truth(self.eval(st.test, act, ctx)) is False:
            return "raise"
        return None

    def _st_If(self, st, act, ctx, entry_label):
        if _is_type_checking(st.test):
            return self.exec_block(st.orelse, act, ctx, entry_label)
        known = self.truth(self.eval(st.test, act, ctx), test=st.test, act=act)
        key = (act.scope.module.path, st.lineno)
        self.decided_ifs[key] = self.decided_ifs.get(key, True) and known is not None
        if known is True:
            return self.exec_block(st.body, act, ctx, entry_label)
        if known is False:
            return self.exec_block(st.orelse, act, ctx, entry_label)
        return self.branches([st.body, st.orelse], act, ctx, entry_label)

    def branches(self, blocks, act, ctx, entry_label=None, start: dict | None = None, preludes=None):
        """Run each block from the same environment (one of them runs) and join where they
        fall through; `preludes[i]`, when given, runs first in block i's environment."""
        before = dict(start if start is not None else act.env)
        outs, ends = [], []
        self.weak += 1
        try:
            for i, block in enumerate(blocks):
                act.env = dict(before)
                if preludes and preludes[i] is not None:
                    preludes[i]()
                end = self.exec_block(block, act, ctx, entry_label)
                ends.append(end)
                if end is None:
                    outs.append(act.env)
        finally:
            self.weak -= 1
        act.env = join_envs(outs) if outs else before
        act.version += 1
        return None if outs else ended(ends)

    def _st_With(self, st, act, ctx, entry_label):
        inner = ctx
        for item in st.items:
            v = self.eval(item.context_expr, act, ctx)
            # (a `contextlib.contextmanager` function's: the mesh in force where it yields)
            meshes = [m for o in options(v) for m in (o.meshes if isinstance(o, YieldedV) else (context_mesh(o),))]
            if meshes and all(isinstance(m, MeshV) for m in meshes) and len({m.key() for m in meshes}) == 1:
                inner = inner.with_mesh(meshes[0])
            elif meshes and all(m is NO_CONTEXT for m in meshes) and item.optional_vars is None:
                inner = inner._with(legacy_mesh=(self.site(item.context_expr, act), v))
            elif any((m is not None and m is not NO_CONTEXT) for m in meshes) or Unknown in options(v):
                inner = inner.in_mode("mesh_maybe")  # a context that may enter a mesh
            eager = [o for o in options(v) if isinstance(o, EagerShardingV)]
            if eager:
                on = all(isinstance(o, EagerShardingV) and o.on for o in options(v))
                inner = inner.without_mode("eager_off") if on else inner.in_mode("eager_off")
            rules = [o for o in options(v) if isinstance(o, AxisRulesV)]
            if rules:
                # Flax maps logical names by the rules entered; rules that differ by path or are
                # not static leave them unknown
                same = len(rules) == len(options(v)) and len({r.key() for r in rules}) == 1
                inner = inner.with_rules(rules[0] if same else AxisRulesV(None))
            names = raises_names(item.context_expr)
            if names:
                inner = inner.catching(names)
            if item.optional_vars is not None:
                entered = bound_by_with(v)
                self.assign(item.optional_vars, entered if entered is not None else Unknown, act, ctx)
        return self.exec_block(st.body, act, inner, entry_label)

    _st_AsyncWith = _st_With

    def _st_For(self, st, act, ctx, entry_label):
        iterable = self.eval(st.iter, act, ctx)
        if isinstance(iterable, Inst) and isinstance(iterable.cls, ClassV):
            # an object of the program's own class: what its `__iter__` gives (a generator's yields)
            method = self.getattr(iterable, "__iter__")
            if method is not Unknown:
                iterable = self.call(method, [], {}, act, ctx, self.site(st.iter, act), st.iter,
                                     label="the loop iterates over it")
        it = self.iterate(iterable)
        if it is not None and len(it) <= MAX_UNROLL:
            for item in it:
                self.assign(st.target, item, act, ctx)
                end = self.exec_block(st.body, act, ctx, entry_label)
                if end == "break":
                    return None
                if end in ("return", "raise"):
                    return end
            return self.exec_block(st.orelse, act, ctx, entry_label)
        item = self.element(iterable)
        self.loop(st.body, act, ctx, entry_label, lambda: self.assign(st.target, item, act, ctx))
        return self.exec_block(st.orelse, act, ctx, entry_label) if st.orelse else None

    _st_AsyncFor = _st_For

    def _st_While(self, st, act, ctx, entry_label):
        known = self.truth(self.eval(st.test, act, ctx))
        if known is False:
            return self.exec_block(st.orelse, act, ctx, entry_label)
        self.loop(st.body, act, ctx, entry_label, lambda: self.eval(st.test, act, ctx))
        return None

    def loop(self, body, act, ctx, entry_label, each) -> None:
        """A loop whose iterations are not known: run the body from the joined environments of
        the passes so far until nothing changes (at most LOOP_PASSES times)."""
        self.weak += 1
        try:
            env = dict(act.env)
            for _ in range(LOOP_PASSES):
                act.env = dict(env)
                each()
                end = self.exec_block(body, act, ctx, entry_label)
                after = join_envs([env, act.env]) if end not in ("return", "raise") else env
                if env_key(after) == env_key(env):
                    break
                env = after
            act.env = env
            act.version += 1
        finally:
            self.weak -= 1

    def _st_Try(self, st, act, ctx, entry_label):
        caught = frozenset().union(*(caught_names(h) for h in st.handlers)) if st.handlers else frozenset()
        rethrows = tuple((names, self.site(raise_st, act), what)
                         for names, raise_st, what in filter(None, (rethrown(h) for h in st.handlers)))
        before = dict(act.env)
        body_ctx = ctx.catching(caught) if caught else ctx
        end = self.exec_block(st.body, act, body_ctx.rethrowing(rethrows) if rethrows else body_ctx, entry_label)
        if end is None and st.orelse:
            end = self.exec_block(st.orelse, act, ctx, entry_label)
        body_env = act.env if end is None else None
        outs, ends = ([body_env] if body_env is not None else []), [end]
        self.weak += 1
        try:
            for h in st.handlers if not self._surely_imports(st) else ():
                act.env = join_envs([before, act.env if body_env is None else body_env])
                if h.name:
                    act.env[h.name] = Unknown
                hend = self.exec_block(h.body, act, ctx, entry_label)
                ends.append(hend)
                if hend is None:
                    outs.append(act.env)
        finally:
            self.weak -= 1
        act.env = join_envs(outs) if outs else before
        act.version += 1
        fin = self.exec_block(st.finalbody, act, ctx, entry_label) if st.finalbody else None
        if fin is not None:
            return fin
        return None if outs else ended(ends)

    _st_TryStar = _st_Try

    def api_present(self, name: str) -> bool | None:
        """Whether the target JAX version has the API `name`; None where no row of the table
        says (or the version is not known)."""
        row = apis.API.get(apis.canonical(name))
        if row is None or not self.jax_version:
            return None
        if name in apis.ALIAS_SINCE and self.jax_version < apis.ALIAS_SINCE[name]:
            return False
        return not ((row.since and self.jax_version < row.since) or (row.until and self.jax_version >= row.until))

    def _lacks(self, st: ast.ImportFrom) -> bool:
        """Whether `from jax... import name` names an API the target JAX version surely lacks."""
        return st.level == 0 and bool(st.module) and st.module.split(".")[0] == "jax" and any(
            self.api_present(f"{st.module}.{al.name}") is False for al in st.names)

    def _surely_imports(self, st) -> bool:
        """Whether a `try` whose handlers catch only import errors imports only JAX APIs the
        target version surely has (`from jax import shard_map`), beside definitions and
        assignments that call nothing but builtin constructors (`dict(check_vma=False)`): its
        fallback for older JAX never runs."""
        names = set()
        for h in st.handlers:
            if h.type is None:
                return False
            names |= exception_names(h.type)
        if not names or not names <= {"ImportError", "ModuleNotFoundError"}:
            return False
        for body_st in st.body:
            if isinstance(body_st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Pass)) or (
                    isinstance(body_st, (ast.Assign, ast.AnnAssign, ast.Expr))
                    and not any(isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name)
                                                                  and n.func.id in _CONSTRUCTORS)
                                for n in ast.walk(body_st))):
                continue
            if not (isinstance(body_st, ast.ImportFrom) and body_st.level == 0 and body_st.module
                    and body_st.module.split(".")[0] == "jax"
                    and all(self.api_present(f"{body_st.module}.{al.name}") for al in body_st.names)):
                return False
        return True

    def _st_Match(self, st, act, ctx, entry_label):
        """The cases that may run, in order, up to the first that surely matches (literal,
        singleton, wildcard and or-patterns against a known subject; others are unknown).
        A top-level capture (`case x:`, `case "a" as x:`) binds the subject; captures inside
        other patterns keep what the name held."""
        subject = self.eval(st.subject, act, ctx)
        blocks, captures = [], []
        for case in st.cases:
            known = self.match_pattern(case.pattern, subject)
            if known is not False and case.guard is not None:
                guard = self.truth(self.eval(case.guard, act, ctx))
                known = False if guard is False else (known if guard is True else None)
            if known is False:
                continue
            blocks.append(case.body)
            captures.append(case.pattern.name if isinstance(case.pattern, ast.MatchAs) else None)
            if known is True:
                break
        else:
            blocks.append([])  # no case may match
            captures.append(None)
        bind = [(lambda name=name: self.assign_name(name, subject, act)) if name else None for name in captures]
        if len(blocks) == 1:
            if bind[0] is not None:
                bind[0]()
            return self.exec_block(blocks[0], act, ctx, entry_label)
        return self.branches(blocks, act, ctx, entry_label, preludes=bind)

    def match_pattern(self, pat, subject: Value) -> bool | None:
        """Whether `pat` matches `subject`, when that is known."""
        if isinstance(pat, ast.MatchAs):
            return True if pat.pattern is None else self.match_pattern(pat.pattern, subject)
        if isinstance(pat, ast.MatchOr):
            rs = [self.match_pattern(p, subject) for p in pat.patterns]
            return True if True in rs else (False if all(r is False for r in rs) else None)
        if isinstance(pat, ast.MatchSingleton):
            return self.compare(ast.Is(), subject, Const(pat.value))
        if isinstance(pat, ast.MatchValue):
            try:
                value = ast.literal_eval(pat.value)
            except ValueError:
                return None  # a dotted name (an enum member, a constant): not evaluated here
            return self.compare(ast.Eq(), subject, Const(value))
        return None

    # ------------------------------------------------------------------ definitions

    def define_function(self, st, act: Activation, ctx: Context) -> Value:
        sc = act.scope.module.scope_of(st, act.scope)
        env = act.parent if act.scope.kind == "class" else act
        defaults = self.eval_defaults(st.args, act, ctx)
        val: Value = Func(sc, env, defaults)
        for dec in reversed(st.decorator_list):
            val = self.decorate(dec, val, act, ctx)
        return val

    def define_class(self, st: ast.ClassDef, act: Activation, ctx: Context) -> Value:
        sc = act.scope.module.scope_of(st, act.scope)
        bases = tuple(self.eval(b, act, ctx) for b in st.bases)
        for kw in st.keywords:
            self.eval(kw.value, act, ctx)
        parent = act.parent if act.scope.kind == "class" else act
        cact = Activation(sc, ctx, {}, parent, act.path, act.depth)
        cls = ClassV(sc, cact.env, bases)
        self.exec_block(st.body, cact, ctx)
        cls.ns = cact.env
        enum_made(cls)
        decorators = []
        for dec in st.decorator_list:
            target = dec.func if isinstance(dec, ast.Call) else dec
            dv = self.eval(target, act, ctx)
            if isinstance(dec, ast.Call) and dec.args and any(value_name(o) == "functools.partial"
                                                              for o in options(dv)):
                dv = self.eval(dec.args[0], act, ctx)  # @partial(register_dataclass, data_fields=...)
            decorators.extend(o.name for o in options(dv) if hasattr(o, "name") and isinstance(o.name, str))
        cls.decorators = tuple(decorators)
        val: Value = cls
        for dec in reversed(st.decorator_list):  # the project's own decorators run (a registry), and Linen's lifts
            dv = self.eval(dec, act, ctx)
            if options(dv) and all(isinstance(o, (Func, Bound)) or _linen_lift(o) for o in options(dv)):
                out = self.call(dv, [val], {}, act, ctx, self.site(dec, act, "decorator"), dec, decorating=True)
                val = out if out is not Unknown else val
        return val

    # ------------------------------------------------------------------ assignment

    def assign_name(self, name: str, value: Value, act: Activation) -> None:
        sc = act.scope
        if name in sc.globals_:
            self.module_act(sc.module).bind(name, value)
            return
        if name in sc.nonlocals:
            fr = act.parent
            while fr is not None and (fr.scope.kind == "class" or name not in fr.scope.locals):
                fr = fr.parent
            if fr is not None:
                fr.bind(name, value)
            return
        act.bind(name, value)

    def store_attr(self, obj: Value, attr: str, value: Value) -> None:
        """`obj.attr = value` (or `setattr`): on every instance, class or project module `obj`
        may be (`config.AXIS = "data"` rebinds the module's global), joined with what was there
        where the store may not happen (a branch, one of several objects)."""
        tree = self.linen_tree()
        for o in options(obj):
            if isinstance(o, ModV) and o.module.in_project:
                top = self.module_act(o.module)
                weak = self.weak > 0 or len(options(obj)) > 1
                top.bind(attr, join([top.env[attr], value]) if weak and attr in top.env else value)
            if isinstance(o, (Inst, ClassV)):
                store = o.attrs if isinstance(o, Inst) else o.ns
                weak = self.weak > 0 or len(options(obj)) > 1
                store[attr] = join([store[attr], value]) if weak and attr in store else value
                if isinstance(o, Inst):
                    o.version += 1
                    if tree is not None:
                        tree.assigned(o, attr, value, self.is_linen_module, self.weak)

    def assign(self, t: ast.AST, value: Value, act: Activation, ctx: Context) -> None:
        if isinstance(t, ast.Name):
            self.assign_name(t.id, value, act)
        elif isinstance(t, (ast.Tuple, ast.List)):
            for target, item in zip(t.elts, unpack(value, t.elts)):
                self.assign(target, item, act, ctx)
        elif isinstance(t, ast.Starred):
            self.assign(t.value, value, act, ctx)
        elif isinstance(t, ast.Attribute):
            self.store_attr(self.eval(t.value, act, ctx), t.attr, value)
        elif isinstance(t, ast.Subscript):
            obj = self.eval(t.value, act, ctx)
            key = dict_key(self.eval(t.slice, act, ctx))
            if key is None:
                return
            if isinstance(obj, DictV):
                try:
                    old = obj.items.get(key.value)
                    obj.items[key.value] = join([old, value]) if self.weak and old is not None else value
                except TypeError:
                    pass
            elif isinstance(obj, GraphPart) and obj.kind == "state" and isinstance(obj.of, Inst) \
                    and isinstance(key.value, str):
                self.store_attr(obj.of, key.value, value)  # an NNX State's entry
            elif isinstance(obj, Seq) and obj.kind == "list" and isinstance(key.value, int) \
                    and -len(obj.items) <= key.value < len(obj.items):
                items = list(obj.items)
                items[key.value] = join([items[key.value], value]) if self.weak else value
                obj.items = tuple(items)

    # ------------------------------------------------------------------ names

    def lookup(self, name: str, act: Activation) -> Value:
        """The value of `name` used in `act`, by Python's scoping rules (LEGB)."""
        sc = act.scope
        if sc.kind == "class":
            if name in act.env:
                return value_of(act.env[name])
            act = act.parent
            if act is None:
                return Unknown
            sc = act.scope
        if name in sc.globals_:
            return self.global_value(self.module_act(sc.module), name)
        if sc.kind != "module" and name in act.env:  # a local, or a comprehension's target
            return value_of(act.env[name])
        fr = act
        while fr is not None:
            sc = fr.scope
            if sc.kind == "module":
                return self.global_value(fr, name)
            if sc.kind != "class" and name in sc.locals and name not in sc.nonlocals:
                return value_of(fr.env.get(name, UNBOUND))
            fr = fr.parent
        return self.global_value(self.module_act(act.scope.module), name)

    def global_value(self, mact: Activation, name: str) -> Value:
        if mact.lazy:
            return lazy.lazy_value(self, mact, name)
        if name in mact.env:
            return value_of(mact.env[name])
        if name == "__name__":
            mod = mact.scope.module
            return Const(mod.name) if mod.path in self.imported else Const("__main__")
        if name == "__file__":
            return datafiles.module_file(mact.scope.module.path)
        return lazy.fallback(self, mact, name)

    def lookup_qualname(self, module: Module, qualname: str) -> Value:
        mact = self.module_act(module)
        parts = qualname.split(".")
        val = self.global_value(mact, parts[0])
        for p in parts[1:]:
            val = self.getattr(val, p)
        return val


_STMT_METHODS = {getattr(ast, name[4:]): fn for name, fn in vars(Interpreter).items()
                 if name.startswith("_st_") and hasattr(ast, name[4:])}
_STMT_METHODS.update({cls: _STMT_METHODS[base] for cls, base in skeleton.BASES.items()})


# ---------------------------------------------------------------------- helpers


def ended(ends: list) -> str:
    """How a statement ends when none of its paths falls through."""
    if all(e == "raise" for e in ends):
        return "raise"
    if all(e in ("return", "raise") for e in ends):
        return "return"
    return "break"


def value_of(v) -> Value:
    if isinstance(v, Thunk):
        return v.force()
    return Unknown if v is UNBOUND else v


def join_envs(envs: list) -> dict:
    """Names bound on every path keep their value where it is the same, else the join; a name
    bound on some paths only is UNBOUND on the others (those would have raised NameError)."""
    if len(envs) == 1:
        return dict(envs[0])
    out = {}
    for name in set().union(*envs):
        vals = [e.get(name, UNBOUND) for e in envs]
        first = vals[0]
        out[name] = first if all(v is first for v in vals) else join(
            [v.force() if isinstance(v, Thunk) else v for v in vals])
    return out


def env_key(env: dict) -> tuple:
    """What tells two environments apart for a loop's fixpoint: the names and their values'
    keys (a join of the same values is the same environment)."""
    return tuple(sorted((k, v.key() if isinstance(v, Value) else id(v)) for k, v in env.items()))


def unpack(value: Value, targets: list) -> list:
    """The values `a, b = value` gives each target (a starred target takes the rest)."""
    n = len(targets)
    star = next((i for i, t in enumerate(targets) if isinstance(t, ast.Starred)), None)
    per_option = []
    for o in options(value):
        if isinstance(o, PSpecV) and o.parts is not None:
            o = Seq(o.parts)  # a PartitionSpec unpacks into its entries
        if isinstance(o, ArrayV) and star is None:
            # an array unpacks into its rows (what an array operation the table does not know
            # returns, maybe a list of arrays: `jnp.split`), each varying as it does
            per_option.append([row_of(o)] * n)
            continue
        if isinstance(o, Seq):
            items = list(o.items)
            if star is None and len(items) == n:
                per_option.append(items)
                continue
            if star is not None and len(items) >= n - 1:
                rest = len(items) - (n - 1)
                per_option.append(items[:star] + [Seq(tuple(items[star:star + rest]), "list")]
                                  + items[star + rest:])
                continue
        per_option.append([Unknown] * n)
    return [join([p[i] for p in per_option]) for i in range(n)]


def context_mesh(v: Value):
    """The mesh `with v:` makes the context mesh (what `jax.shard_map` without `mesh=` uses):
    `jax.set_mesh(m)`/`use_mesh(m)`. A Mesh entered itself (`with mesh:`, the legacy resource
    environment) is none: JAX raises "The context mesh cannot be empty" there (0.6.2 to 0.10.2)."""
    if isinstance(v, SetMeshV):
        return v.mesh
    return NO_CONTEXT if isinstance(v, MeshV) else None


NO_CONTEXT = object()  # a context manager known to set no context mesh


def _linen_lift(v: Value) -> bool:
    """A Flax Linen transformation of a Module class, or a partial of one
    (`@functools.partial(nn.map_variables, trans_in_fn=...)` on a class)."""
    if isinstance(v, Partial):
        v = v.func
    return isinstance(v, Ext) and apis.lifts_class(v.name)


def bound_by_with(v: Value):
    """What `with v as x:` binds `x` to, where known."""
    if isinstance(v, datafiles.OpenFileV):
        return v
    if isinstance(v, SetMeshV):
        return v.mesh
    if isinstance(v, MeshV):
        return v
    if isinstance(v, YieldedV):
        return v.item  # what the contextmanager function yields
    return None


# Builtins that build a value from theirs and import nothing
_CONSTRUCTORS = frozenset({"dict", "list", "tuple", "set", "frozenset", "int", "float", "str", "bool"})
_RAISES = ("raises", "assertRaises", "assertRaisesRegex", "assertRaisesRegexp", "assertRaisesWithLiteralMatch")


def raises_names(expr: ast.AST) -> frozenset:
    """`pytest.raises(E)` / `self.assertRaises(E)` / `self.assertRaisesRegex(E, ...)`: E."""
    if not (isinstance(expr, ast.Call) and expr.args):
        return frozenset()
    func = expr.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name not in _RAISES:
        return frozenset()
    from .expr import exception_names

    return exception_names(expr.args[0])


_WORD = re.compile(r"(?<![\w.])[A-Za-z_]\w*")


def _exported(tree) -> frozenset:
    """The names a module's literal `__all__` lists."""
    for st in tree.body:
        if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in st.targets) \
                and isinstance(st.value, (ast.List, ast.Tuple)):
            return frozenset(e.value for e in st.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str))
    return frozenset()


def _is_type_checking(test: ast.AST) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
