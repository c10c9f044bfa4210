"""Calls: user functions (bound to their parameters as Python binds them, memoised per context
and arguments), classes and instances (`__init__`, dataclass-style fields, `__call__`,
`super()`), decorators, partial application, and methods of analysis values. A callee that is
one of several values is called once per option, each under its own choice in the context."""

from __future__ import annotations

import ast
from bisect import bisect_right

from . import datafiles, dtypes
from .dtypes import dtype_name
from .events import ShapeEvent, StartEvent
from .frames import Context, Raise, Site
from .shapes import LAYER_OUTPUT, STACKED, Fault, call_shape, kept_dims_type, layer_output_shape, matmul, reshaped
from .values import (
    BATCHED, DIFFERENTIATED, ArrayV, Bound, ClassV, CommV, Const, Descriptor, DevicesV, DictV, DTypeV, Ext, Factory,
    Func, Inst, Lifted, MethodOf, Multi, NO_SHARDING, Partial, Seq, Traced, Transformed, Unknown, Value, YieldedV,
    exact_vma, enum_member, fresh_copy, full_reduction, join, mro, options, serial, variable_kind, vma_of,
)

MAX_VARIANTS = 12  # analyses of one function before its arguments are no longer told apart
# A real program's entry point makes at most a few hundred function runs, all told. Code run on
# values the analysis cannot know (a parser fed an unknown string, recursing on every branch)
# would make millions: a call whose runs, with all it calls, pass CALL_RUNS is cut there, and an
# entry point makes at most ENTRY_RUNS.
CALL_RUNS = 2_000
ENTRY_RUNS = 20_000


class Budget:
    """The function runs of one entry point. A cut call's callees return unknown results (as past
    the interpreter's depth limit) and the call counts as one run for its callers, so the code
    around it is analysed as if it had not run away: the cut is made at the innermost call whose
    runs pass CALL_RUNS."""

    def __init__(self):
        self.left = ENTRY_RUNS
        self.spent = 0  # runs so far, a cut call's counted as one
        self.starts: list[int] = []  # `spent` when each running call started, outermost first
        self.names: list[str] = []
        self.cut: int | None = None  # the index in `starts` of the call being cut
        self.cut_calls: list[str] = []

    def enter(self, name: str) -> bool:
        """Whether a call may run; if so, `leave` must follow it."""
        if self.cut is not None or self.left <= 0:
            return False
        i = bisect_right(self.starts, self.spent - CALL_RUNS) - 1
        if i >= 0:
            self.cut = i
            self.cut_calls.append(self.names[i])
            return False
        self.starts.append(self.spent)
        self.names.append(name)
        self.spent += 1
        self.left -= 1
        return True

    def leave(self) -> None:
        start = self.starts.pop()
        self.names.pop()
        if self.cut == len(self.starts):
            self.cut = None
            self.spent = start + 1

# Decorators that return the function itself or a wrapper that calls it with the same arguments.
_TRANSPARENT = {
    "functools.wraps", "functools.lru_cache", "functools.cache", "typing.overload", "typing.final",
    "abc.abstractmethod", "typing_extensions.override", "typing.override", "typing_extensions.final",
    # Context managers that also decorate (`@jax.named_scope("name")`).
    "jax.named_scope", "jax.experimental.pallas.tpu.trace", "jax.profiler.TraceAnnotation",
    "contextlib.ContextDecorator", "jax.default_matmul_precision",
    # Flax Linen method markers (the method runs as written).
    "flax.linen.compact", "flax.linen.nowrap", "flax.linen.module.compact", "flax.linen.module.nowrap",
    # Test parameterisation: the test runs with the parameters it is given.
    "absl.testing.parameterized.parameters", "absl.testing.parameterized.named_parameters",
    "absl.testing.parameterized.product", "unittest.skip", "unittest.skipIf", "unittest.skipUnless",
    "unittest.expectedFailure",
}
_TRANSPARENT_PREFIXES = ("pytest.mark.", "jax._src.test_util.", "jax.test_util.", "hypothesis.")
DESCRIPTORS = {"builtins.property": "property", "builtins.staticmethod": "staticmethod",
                "builtins.classmethod": "classmethod", "functools.cached_property": "cached_property"}
# Base classes (outside the analysed source) whose subclasses get dataclass `__init__`s.
DATACLASS_BASES = {"flax.struct.PyTreeNode", "equinox.Module", "flax.linen.Module", "flax.linen.module.Module",
                   "equinox._module.Module", "chex.dataclass"}
MAP_VARIABLES = "flax.linen.map_variables"  # a lift whose module's variables pass through a function
# Linen lifts whose module makes its variables as the module itself does (not stacked, not mapped)
_SHAPES_KEPT = frozenset({"flax.linen.jit", "flax.linen.remat", "flax.linen.checkpoint"})
# The Linen lift whose module's parameters the tree records stacked (`LinenTree.record`)
_LINEN_SCAN = "flax.linen.scan"
# The items of an instance of a subclass of `dict` (an attribute dict of a config), an Inst's
DICT_ITEMS = "__items__"
# What a class assigns to its `__getattr__` to read attributes as its items
_ITEM_READERS = {"builtins.dict.__getitem__", "builtins.dict.get"}
# Base classes (outside the analysed source) whose subclasses' instances are pytrees of their attributes.
PYTREE_BASES = {"flax.struct.PyTreeNode", "equinox.Module", "equinox._module.Module", "chex.dataclass",
                "flax.nnx.Module", "flax.nnx.Pytree", "flax.nnx.module.Module", "flax.training.train_state.TrainState"}
NNX_BASES = frozenset({"flax.nnx.Module", "flax.nnx.Pytree", "flax.nnx.module.Module"})
DATACLASS_DECORATORS = {"dataclasses.dataclass", "flax.struct.dataclass", "chex.dataclass",
                        "jax.tree_util.register_dataclass"}


def value_name(v: Value) -> str | None:
    """The qualified name of an API or of a function read from an installed module."""
    if isinstance(v, Ext):
        return v.name
    if isinstance(v, Func) and not v.scope.module.in_project:
        return f"{v.scope.module.name}.{v.scope.qualname}"
    if isinstance(v, ClassV) and not v.scope.module.in_project:
        return f"{v.scope.module.name}.{v.scope.qualname}"
    return None


def transparent(v: Value) -> bool:
    name = value_name(v)
    return name is not None and (name in _TRANSPARENT or name.startswith(_TRANSPARENT_PREFIXES))


def is_callable(v: Value) -> bool:
    from .. import apis

    return isinstance(v, (Func, Bound, Partial, Transformed, ClassV, Inst, Multi, Descriptor, Lifted)) or (
        isinstance(v, Ext) and v.name in apis.API)


class CallMixin:
    def eval_call(self, node: ast.Call, act, ctx: Context) -> Value:
        platforms = _lowering_platforms(node)
        if platforms:
            self.platforms.append(platforms)
        try:
            callee = self.eval(node.func, act, ctx)
        finally:
            if platforms:
                self.platforms.pop()
        args = []
        unknown_tail = False
        for a in node.args:
            # after a starred argument of unknown length, where the next ones go is not known
            if isinstance(a, ast.Starred):
                spread = self.iterate(self.eval(a.value, act, ctx))
                if spread is None:
                    unknown_tail = True
                    self.open_calls.add(node)
                elif not unknown_tail:
                    args.extend(spread)
            else:
                v = self.eval(a, act, ctx)
                if not unknown_tail:
                    args.append(v)
        kwargs = {}
        for kw in node.keywords:
            v = self.eval(kw.value, act, ctx)
            if kw.arg is None:
                kwargs.update(_spread(v))
                continue
            kwargs[kw.arg] = v
        site = self.site(node, act)
        result = self.call(callee, args, kwargs, act, ctx, site, node, unknown_tail=unknown_tail)
        jit = ctx.layers[-1] if ctx.layers else None
        if jit is not None and jit.kind == "jit" and act is not None and len(act.path) == jit.entry:
            self.jit_calls.setdefault(site, []).append((tuple(args), result))
        return result

    def call(self, callee: Value, args: list, kwargs: dict, act, ctx: Context, site: Site | None, node, *,
             unknown_tail: bool = False, decorating: bool = False, label: str = "") -> Value:
        tree = self.linen_tree()
        if act is not None and act.depth > self.max_depth:
            if tree is not None:
                tree.doubt()  # (what a Linen init's call not followed makes is not known)
            return Unknown
        if isinstance(callee, Multi):
            n = len(callee.options)
            results = []
            if tree is not None:
                tree.uncertain += 1
            try:
                for i, o in enumerate(callee.options):
                    try:
                        results.append(self.call(o, args, kwargs, act, ctx.choose((site, "callee"), i, n), site, node,
                                                 unknown_tail=unknown_tail, decorating=decorating, label=label))
                    except Raise:
                        continue
            finally:
                if tree is not None:
                    tree.uncertain -= 1
            if not results:
                raise Raise()
            return join(results)
        if isinstance(callee, Func):
            return self.run_function(callee, args, kwargs, act, ctx, site, unknown_tail, label)
        if isinstance(callee, Bound):
            me = callee.self_value
            if isinstance(me, Inst) and not isinstance(callee.func, Ext):
                self.ensure_setup(me, callee.func, act, ctx, site, node)
            if tree is None:
                return self.call(callee.func, [me, *args], kwargs, act, ctx, site, node,
                                 unknown_tail=unknown_tail, label=label)
            if isinstance(me, Inst) and isinstance(me.cls, Ext) and me.cls.name.startswith("flax.linen.") \
                    and isinstance(callee.func, Ext):
                # (`norm(x)`, `embed.attend(q)`)
                self.linen_layer_runs(me, args[0] if args else Unknown, act, ctx, node)
            with self.linen_running(me):
                return self.call(callee.func, [me, *args], kwargs, act, ctx, site, node,
                                 unknown_tail=unknown_tail, label=label)
        if isinstance(callee, Partial):
            return self.call(callee.func, [*callee.args, *args], {**callee.kwargs, **kwargs}, act, ctx, site, node,
                             unknown_tail=unknown_tail, decorating=decorating, label=label)
        if isinstance(callee, Descriptor):
            return self.call(callee.func, args, kwargs, act, ctx, site, node, unknown_tail=unknown_tail, label=label)
        if isinstance(callee, ClassV) and callee.members is not None:
            return enum_member(callee, args[0]) if len(args) == 1 and not kwargs else Unknown
        if isinstance(callee, ClassV):
            return self.instantiate(callee, args, kwargs, act, ctx, site, node, label)
        if isinstance(callee, Lifted):
            # (a lift of a lifted class, `nn.scan(nn.remat(Block))`: its methods run under the
            # outer lift, which says how the variables and the carry go)
            inst = self.call(callee.cls, args, kwargs, act, ctx, site, node, label=label) \
                if isinstance(callee.cls, Lifted) else self.instantiate(callee.cls, args, kwargs, act, ctx, site, node,
                                                                        label)
            if isinstance(inst, Inst):
                inst.lift = callee
            if tree is not None and (callee.api not in (*_SHAPES_KEPT, _LINEN_SCAN) or "name" not in kwargs):
                tree.doubt()  # (a lift that maps variables; Flax's own name for the lifted class)
            return inst
        if isinstance(callee, Inst):
            m = self.getattr(callee, "__call__")
            if m is Unknown:
                if isinstance(callee.cls, Ext):
                    return self.layer_result(callee, args, kwargs, act, ctx, site, node, label)
                if tree is not None:
                    tree.doubt()
                return Unknown
            return self.call(m, args, kwargs, act, ctx, site, node, unknown_tail=unknown_tail, label=label)
        if isinstance(callee, Transformed):
            if tree is not None and callee.api.startswith("flax.linen.") and callee.api not in _SHAPES_KEPT \
                    and not (callee.api == _LINEN_SCAN and isinstance(callee.fn, Bound)):
                # (a Linen lift of a class, `nn.scan(nn.Dense)`, `nn.vmap(nn.remat(Block))`, named by
                # Flax; a method of a named scan's module runs with its parameters stacked)
                tree.doubt()
            return self.apply_transformed(callee, args, kwargs, act, ctx, site, node, label)
        if isinstance(callee, Factory):
            return self.apply_factory(callee, args, kwargs, act, ctx, site, node, decorating)
        if isinstance(callee, MethodOf):
            return self.call_method(callee, args, kwargs, act, ctx, site, node, label)
        if isinstance(callee, Ext):
            return self.call_api(callee.name, args, kwargs, act, ctx, site, node, decorating, unknown_tail)
        if isinstance(callee, DTypeV) and len(args) == 1 and not kwargs:
            # `jnp.float32(0.0)`: the value as an array of that type (a number: a scalar)
            a = args[0]
            shape = a.shape if isinstance(a, ArrayV) else () if isinstance(a, Const) and isinstance(
                a.value, (int, float, complex)) else None
            return ArrayV(shape, callee.name, NO_SHARDING if not isinstance(a, ArrayV) else a.sharding,
                          vma=vma_of(a), exact=exact_vma(a))
        if tree is not None:
            tree.doubt()  # (a callee not known may make variables)
        return Unknown

    def layer_result(self, layer: Inst, args, kwargs, act, ctx, site, node, label) -> Value:
        """What a framework layer the analysis does not run computes: an array varying as its
        inputs and parameters do, shaped and typed as the tables say (see `layer_type`)."""
        self.synced_norm(layer, act, ctx, site, node)
        if layer.cls.name.startswith("flax.linen."):
            self.linen_layer_runs(layer, args[0] if args else Unknown, act, ctx, node)
        arrays = [a for a in (*args, *kwargs.values()) if isinstance(a, ArrayV)]
        own = layer.attrs.get("__vma__", frozenset())
        if not (arrays or own):
            return Unknown
        if "out_sharding" in kwargs and layer.cls.name.startswith("flax.nnx."):
            # (Flax passes it on to the product or lookup it computes)
            self._out_sharding(layer.cls.name, kwargs["out_sharding"], act, ctx, site, node)
        exact = layer.attrs.get("__exact__") is True and bool(arrays) and all(
            exact_vma(a) for a in (*args, *kwargs.values()))
        how = layer.attrs.get(LAYER_OUTPUT)
        how = self.sized(layer, how.value, ctx) if isinstance(how, Const) else None
        if how is not None and len(args) == 1 and isinstance(args[0], ArrayV):
            self.layer_contracts(layer, args[0], act, ctx, site, node)
        elif len(args) == 1 and isinstance(args[0], ArrayV):
            self.stacked_weight(layer, args[0], act, ctx, node)
        shape = layer_output_shape(how, args[0].shape) if how is not None and args and isinstance(args[0], ArrayV) \
            else None
        given = dtypes.layer_input(layer.cls.name, args)
        dtype = dtypes.layer_output(layer.cls.name, given, layer.attrs) if given is not None else None
        if layer.cls.name.startswith("flax.linen.") and self.params_mapped(ctx):
            own = frozenset(own) | {BATCHED}  # (its parameters are each item's own)
        return ArrayV(shape, dtype, vma=frozenset(own).union(*(a.vma for a in arrays)), exact=exact,
                      spec=self.layer_type(layer, args, kwargs, shape, act, ctx, site, node, direct=not label))

    def layer_contracts(self, layer: Inst, x: ArrayV, act, ctx, site, node) -> None:
        """A Linear (Flax NNX's `x @ kernel`, Equinox's `weight @ x`) given an input whose
        features are not those its kernel takes, both as JAX sees them (the layer's parameters
        whole, or the blocks known specs made of them in a shard_map): dot_general raises."""
        from .frameworks import param_array

        if not ctx.per_item or STACKED in layer.attrs or x.shape is None or not x.shape:
            return
        if layer.cls.name == "flax.nnx.Linear":
            kernel, at, first = param_array(layer, "kernel"), 0, False
        elif layer.cls.name == "equinox.nn.Linear" and len(x.shape) == 1:
            kernel, at, first = param_array(layer, "weight"), 1, True
        else:
            return
        if kernel is None or kernel.shape is None or len(kernel.shape) != 2:
            return
        takes, given = kernel.shape[at], x.shape[-1]
        if isinstance(takes, int) and isinstance(given, int) and takes != given:
            sizes = (takes, given) if first else (given, takes)
            self.record(ShapeEvent(site, ctx, act.path, node, api=layer.cls.name,
                                   fault=Fault("contract", at=int(first), size=sizes[0], other=sizes[1])))
            raise Raise()

    def stacked_weight(self, layer: Inst, x: ArrayV, act, ctx, node) -> None:
        """An Equinox Linear whose weight has more than two dimensions as JAX traces it (an
        untiled `all_gather`'s stack of the blocks), given one input vector: `weight @ x` keeps
        the extra dimensions, and adding the bias to that fails where they do not broadcast."""
        from .frameworks import param_array

        if layer.cls.name != "equinox.nn.Linear" or not ctx.per_item or STACKED in layer.attrs \
                or x.shape is None or len(x.shape) != 1:
            return
        weight, bias = param_array(layer, "weight"), param_array(layer, "bias")
        if weight is None or weight.shape is None or len(weight.shape) <= 2 or not weight.exact \
                or bias is None or bias.shape is None:
            return
        self.shapes_fit(layer.cls.name, None, [matmul(weight.shape, x.shape), bias.shape], act, ctx, node)

    def sized(self, layer: Inst, how: tuple, ctx) -> tuple | None:
        """How a framework layer shapes its output (`frameworks.layer_output`'s `how`) where it
        computes with the parameters it was made with: outside a shard_map, or given whole
        there. One a shard_map was given split computes with blocks of its parameters: a "last"
        layer, the features of its kernel's block (Flax's (inputs, features), Equinox's
        (features, inputs)) where the specs are known, or where the kernel is known to keep
        them whole (a row-parallel layer's); None where not known. A layer that keeps its input's
        shape (a norm, a dropout) keeps it whatever blocks of its parameters it holds."""
        own = layer.attrs.get("__vma__", frozenset()) - {DIFFERENTIATED}
        if how[0] == "same" or ctx.innermost("shard_map") is None or "__exact__" not in layer.attrs \
                or (not own and layer.attrs["__exact__"] is True):
            return how
        from .frameworks import param_array

        # (its kernel as the shard_map's spec made it: one the spec did not reach has its global shape)
        name = next((k for k in ("kernel", "weight") if k in layer.attrs), None)
        kernel = param_array(layer, name) if name is not None else None
        at = -1 if name == "kernel" else 0
        if how[0] != "last" or STACKED in layer.attrs or kernel is None or kernel.shape is None \
                or len(kernel.shape) != 2 or not isinstance(kernel.shape[at], int):
            return None
        if kernel.shape[at] == how[1]:
            return how
        return ("last", kernel.shape[at]) if layer.attrs["__exact__"] is True else None

    # ------------------------------------------------------------------ functions

    def run_function(self, func: Func, args: list, kwargs: dict, act, ctx: Context, site: Site | None,
                     unknown_tail: bool = False, label: str = "") -> Value:
        scope = func.scope
        if scope is None or scope.kind not in ("function", "lambda"):
            return Unknown
        if not scope.module.in_project and self.jax_free(func) and all(
                self.inert(v) for v in (*args, *kwargs.values())):
            return Unknown  # see `distributions`: nothing it could do reaches JAX
        bound = bind_params(scope.node.args, args, kwargs, func.defaults, unknown_tail)
        argkey = tuple(sorted((k, v.key()) for k, v in bound.items() if v is not Unknown))
        env = func.env
        key = (id(scope), ctx.memo_key, id(env), env.version if env is not None else 0, argkey)
        from .machine import Activation

        tree = self.linen_tree()
        if key in self.memo:
            r = self.memo[key]
            if tree is not None and (r is _BUSY or key in tree.making):
                tree.doubt()  # (the modules that run made are made again, under other names)
            if r is _RAISES:
                raise Raise()
            return Unknown if r is _BUSY else fresh_copy(r, self.memo_since[key])
        vkey = (id(scope), ctx.memo_key, id(env))
        n = self.variants.get(vkey, 0)
        name = scope.qualname or scope.name
        if n >= MAX_VARIANTS or not self.budget.enter(name):
            if tree is not None:
                tree.doubt()
            return Unknown
        made = tree.made if tree is not None else 0
        try:
            self.variants[vkey] = n + 1
            self.memo[key] = _BUSY
            self.memo_since[key] = serial()
            parent = env if env is not None else self.module_act(scope.module)
            msg = label or (f"calls {name}()" if scope.kind == "function" else "calls a lambda")
            path = (act.path if act is not None else ()) + (((site, msg),) if site is not None else ())
            fr = Activation(scope, ctx, dict(bound), parent, path, (act.depth if act is not None else 0) + 1)
            result = self._run_body(scope, fr, ctx, key)
        finally:
            self.budget.leave()
            if tree is not None and tree.made != made:
                tree.making.add(key)
        self.memo[key] = result
        return fresh_copy(result, self.memo_since[key])

    def _run_body(self, scope, fr, ctx: Context, key) -> Value:
        try:
            if scope.kind == "lambda":
                result = self.eval(scope.node.body, fr, ctx)
            else:
                fr.weak_base = self.weak
                end = self.exec_block(scope.node.body, fr, ctx)
                if end == "raise" and not fr.returns and not _is_generator(scope):
                    self.memo[key] = _RAISES
                    raise Raise()
                result = join(fr.returns + ([Const(None)] if end not in ("return", "raise") else []))
                if _is_generator(scope):
                    # its body ran once, here: iterating it gives what it yielded (each item, in
                    # order, where nothing but those yields surely runs)
                    sure = end != "raise" and all(s for _, _, s in fr.yields)
                    result = YieldedV(join(_distinct([v for v, _, _ in fr.yields])), "list",
                                      tuple(m for _, m, _ in fr.yields),
                                      tuple(v for v, _, _ in fr.yields) if sure else None) if fr.yields else Unknown
        except RecursionError:
            result = Unknown
            tree = self.linen_tree()
            if tree is not None:
                tree.doubt()
        return result

    def jax_free(self, v: Value) -> bool:
        """Whether `v` is a function, class or instance of an installed package that cannot
        reach JAX (`distributions`)."""
        if isinstance(v, Inst):
            v = v.cls
        elif isinstance(v, Bound):
            v = v.func
        return isinstance(v, (Func, ClassV)) and not v.scope.module.in_project and \
            self.finder.installed.jax_free(v.scope.module.path)

    def inert(self, v: Value, depth: int = 0) -> bool:
        """Whether `v`, handed to a JAX-free package, carries nothing of the program's: a
        number, a string, nothing known, or that package's own objects (an instance whose
        attributes are inert). Such a call is not run: what it returns cannot be worked out
        from the program, and it cannot call back into it."""
        if v is Unknown or (isinstance(v, Const) and isinstance(v.value, (str, bytes, int, float, bool, type(None)))):
            return True
        if depth > 2 or not self.jax_free(v):
            return False
        if isinstance(v, Inst):
            return all(self.inert(a, depth + 1) for a in v.attrs.values())
        if isinstance(v, Bound):
            return self.inert(v.self_value, depth + 1)
        return True

    # ------------------------------------------------------------------ classes

    def instantiate(self, cls: ClassV, args, kwargs, act, ctx, site, node, label) -> Value:
        inst = Inst(cls)
        init = self.class_attr(cls, "__init__", inst)
        if isinstance(init, Bound):
            self.call(init, args, kwargs, act, ctx, site, node, label=label or f"creates {cls.scope.name}")
        elif self.dataclass_like(cls):
            fields = self.fields_of(cls)
            for name, v in zip(fields, args):
                inst.attrs[name] = v
            for k, v in kwargs.items():
                if k in fields:
                    inst.attrs[k] = v
            post = self.class_attr(cls, "__post_init__", inst)
            if isinstance(post, Bound):
                self.call(post, [], {}, act, ctx, site, node, label=label or f"creates {cls.scope.name}")
        elif variable_kind(cls) is not None:
            self.variable_made(inst, variable_kind(cls), args, kwargs, act, ctx, site, node)
        elif any(value_name(o) == "builtins.dict" for c in mro(cls) for b in c.bases for o in options(b)):
            items = self.call_builtin("builtins.dict", args, kwargs, act, ctx, site, node)
            if isinstance(items, DictV):
                inst.attrs[DICT_ITEMS] = items  # `AttrDict(json.load(f))`: a dict, and what its class adds
        if self.linen_tree() is not None and self.is_linen(inst):
            self.linen_made(inst, cls.scope.name, kwargs)
        return inst

    def variable_made(self, inst: Inst, kind: str, args, kwargs, act, ctx, site, node) -> None:
        """A program's NNX variable class made (or its `__init__` calling its base's): it holds
        what its base, Flax's `kind`, would hold given the same arguments."""
        made = self.call(Ext(kind), list(args), dict(kwargs), act, ctx, site, node)
        if isinstance(made, Inst):
            inst.attrs.update(made.attrs)
            inst.version += 1

    def item_attr(self, inst: Inst, attr: str, reader: Value) -> Value | None:
        """`inst.attr` of a dict subclass whose `__getattr__` is `dict.__getitem__` (or `get`):
        the item; a method of `dict` the class does not define: the items' method; else None."""
        items = inst.attrs.get(DICT_ITEMS)
        if not isinstance(items, DictV):
            return None
        if value_name(reader) in _ITEM_READERS:
            return items.items.get(attr, Unknown)
        return MethodOf(items, attr) if hasattr(dict, attr) else None

    def dataclass_like(self, cls: ClassV) -> bool:
        for c in mro(cls):
            if any(d in DATACLASS_DECORATORS for d in c.decorators):
                return True
            if any(value_name(o) in DATACLASS_BASES for b in c.bases for o in options(b)):
                return True
        return False

    def pytree_class(self, cls: ClassV) -> bool:
        """Whether instances of `cls` are pytrees whose children are their attributes (Equinox
        and Flax NNX modules, flax.struct and chex dataclasses, registered dataclasses); a Linen
        module or a plain class is a leaf."""
        for c in mro(cls):
            if any(d in DATACLASS_DECORATORS and d != "dataclasses.dataclass" for d in c.decorators):
                return True
            if any(value_name(o) in PYTREE_BASES for b in c.bases for o in options(b)):
                return True
        return False

    def nnx_class(self, cls: ClassV) -> bool:
        """Whether `cls` is a Flax NNX module or pytree (whose children JAX keys otherwise than
        by attribute)."""
        return any(value_name(o) in NNX_BASES for c in mro(cls) for b in c.bases for o in options(b))

    def fields_of(self, cls: ClassV) -> list[str]:
        """Annotated class attributes, base classes first: a dataclass's `__init__` parameters."""
        out: list[str] = []
        for c in reversed(mro(cls)):
            for st in c.scope.node.body:
                if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) \
                        and "ClassVar" not in ast.dump(st.annotation) and st.target.id not in out:
                    out.append(st.target.id)
        return out

    def super_of(self, act) -> Value:
        """`super()` in a method: the instance seen from the class after the method's own."""
        fr = act
        while fr is not None and fr.scope.kind not in ("function",):
            fr = fr.parent
        if fr is None or fr.scope.parent is None or fr.scope.parent.kind != "class":
            return Unknown
        params = [*fr.scope.node.args.posonlyargs, *fr.scope.node.args.args]
        if not params:
            return Unknown
        inst = fr.env.get(params[0].arg)
        if not isinstance(inst, Inst) or not isinstance(inst.cls, ClassV):
            return Unknown
        chain = mro(inst.cls)
        owner = next((i for i, c in enumerate(chain) if c.scope is fr.scope.parent), None)
        if owner is None:
            return Unknown
        return Super(chain[owner + 1:], inst)

    # ------------------------------------------------------------------ decorators

    def decorate(self, dec: ast.expr, val: Value, act, ctx: Context) -> Value:
        head = self.eval(dec.func, act, ctx) if isinstance(dec, ast.Call) else None
        if head is not None and any(transparent(o) for o in options(head)):
            return val
        dv = self.eval(dec, act, ctx)
        if any(transparent(o) for o in options(dv)):
            return val
        kind = DESCRIPTORS.get(value_name(dv) or "")
        if kind is not None:
            return Descriptor(kind, val)
        out = self.call(dv, [val], {}, act, ctx, self.site(dec, act, "decorator"), dec, decorating=True)
        if out is Unknown and options(head if head is not None else dv) and all(
                self.jax_free(o) for o in options(head if head is not None else dv)):
            return val  # a package that knows nothing of JAX wraps the function, transforming nothing
        return out

    # ------------------------------------------------------------------ methods of values

    def call_method(self, m: MethodOf, args, kwargs, act, ctx, site, node, label) -> Value:
        obj, name = m.obj, m.name
        if isinstance(obj, DevicesV):
            if name == "reshape":
                dims = args[0] if len(args) == 1 and isinstance(args[0], Seq) else Seq(tuple(args))
                if obj.shape is not None:
                    shape = reshaped(obj.shape, dims)
                    if shape is None or None in shape:
                        return DevicesV(None)
                    if _prod(shape) != _prod(obj.shape):
                        raise Raise()  # numpy: cannot reshape the devices into that shape
                    return DevicesV(shape)
                shape = ints(dims)
                known = shape and all(d > 0 for d in shape)
                if known:
                    self.all_devices(shape)  # numpy checks the count
                return DevicesV(shape if known else None)
            if name in ("flatten", "ravel"):
                return DevicesV(None if obj.shape is None else (_prod(obj.shape),))
            return Unknown
        if isinstance(obj, Transformed):
            if name in ("defvjp", "defjvp"):
                names = ("__fwd__", "__bwd__") if name == "defvjp" else ("__jvp__",)
                for k, a in zip(names, args):
                    obj.params[k] = a
                return Unknown
            if name in ("lower", "trace", "eval_shape", "__call__", "call"):
                self.apply_transformed(obj, args, kwargs, act, ctx, site, node, label)
                return Traced(obj) if name == "trace" else Unknown
            return Unknown
        if isinstance(obj, CommV) and name == "start":
            self.record(StartEvent(site, ctx, act.path, node, comm=obj.event))
            return Unknown
        if isinstance(obj, datafiles.PathV):
            return datafiles.path_method(obj, name, args, kwargs, act.scope.module.path)
        if isinstance(obj, datafiles.OpenFileV):
            return datafiles.file_method(obj, name, args, act.scope.module.path)
        if isinstance(obj, DictV):
            if name in ("update", "setdefault", "pop") and not self.weak:
                return _dict_mutate(obj, name, args, kwargs)
            return _dict_method(obj, name, args)
        if isinstance(obj, Seq):
            if name in ("append", "extend") and obj.kind == "list" and args and not self.weak:
                more = (args[0],) if name == "append" else tuple(self.iterate(args[0]) or ())
                if name == "append" or self.iterate(args[0]) is not None:
                    obj.items = obj.items + more
            if name == "index" and args:
                for i, item in enumerate(obj.items):
                    if self.compare(ast.Eq(), item, args[0]) is True:
                        return Const(i)
            return Unknown
        if isinstance(obj, MethodOf) and obj.name == "at[]":
            # `x.at[i].set(v)` and the like: x, varying where v or the index does; `.get()` what
            # the index picks (of the sharding type its `out_sharding=` gives)
            a, picked = obj.obj.items
            if name == "get":
                where = kwargs.get("out_sharding")
                if where is not None:
                    self._out_sharding("jax.numpy.ndarray.at.get", where, act, ctx, site, node)
                typed = self.typed(picked, where, act, ctx).spec \
                    if where is not None and ctx.innermost("shard_map") is None else None
                return ArrayV(picked.shape, a.dtype, vma=a.vma, exact=a.exact, spec=typed)
            v = args[0] if args else Unknown
            return ArrayV(a.shape, a.dtype, vma=a.vma | vma_of(v), exact=a.exact and exact_vma(v))
        if isinstance(obj, ArrayV):
            # what an array without a sharding computes has none either
            placed = NO_SHARDING if obj.sharding is NO_SHARDING else Unknown
            if name == "astype" and args:
                return ArrayV(obj.shape, dtype_name(args[0]), placed, vma=obj.vma, exact=obj.exact, spec=obj.spec)
            if name == "reshape" and args:
                dims = args[0] if len(args) == 1 and isinstance(args[0], Seq) else Seq(tuple(args))
                shape = reshaped(obj.shape, dims)
                where = kwargs.get("out_sharding")
                if where is not None and not (isinstance(where, Const) and where.value is None):
                    spec = self.typed(ArrayV(shape), where, act, ctx).spec if shape is not None else None
                else:
                    spec = self.reshape_type("jax.numpy.ndarray.reshape", obj, shape, act, ctx, site, node)
                return ArrayV(shape, obj.dtype, placed, vma=obj.vma, exact=obj.exact, spec=spec, weak=obj.weak)
            if name == "transpose" and args and not isinstance(args[0], Seq):
                args = [Seq(tuple(args))]  # `x.transpose(1, 0)`: the axes one by one
            shape = call_shape(name, False, [obj, *args], kwargs)
            if shape is None and full_reduction(name, args, kwargs):
                shape = ()
            weak = dtypes.weak_call(name, [obj, *args], kwargs) if kwargs.get("dtype") is None else None
            return ArrayV(shape, dtype=dtypes.result(name, [obj, *args], kwargs, kwargs.get("dtype")),
                          sharding=placed, vma=obj.vma, exact=obj.exact, weak=weak,
                          spec=kept_dims_type(name, False, [obj, *args], kwargs) if shape is not None else None)
        if isinstance(obj, Const) and isinstance(obj.value, str) and name == "join" and args:
            items = self.iterate(args[0])
            if items is not None and all(isinstance(i, Const) and isinstance(i.value, str) for i in items):
                return Const(obj.value.join(i.value for i in items))
        if isinstance(obj, Const) and isinstance(obj.value, str) and name in _STR_METHODS \
                and all(isinstance(a, Const) and not (isinstance(a.value, int) and a.value > _MAX_STR_ARG)
                        for a in (*args, *kwargs.values())):
            # `"data,model".split(",")`: a string method of known arguments computes its result
            try:
                out = getattr(obj.value, name)(*(a.value for a in args), **{k: a.value for k, a in kwargs.items()})
            except (TypeError, ValueError):
                return Unknown
            if isinstance(out, (list, tuple)):
                return Seq(tuple(Const(o) for o in out), "list" if isinstance(out, list) else "tuple")
            return Const(out)
        return Unknown


def _spread(v: Value) -> dict:
    """The keywords `**v` passes: a dict's items; where `v` is one of several dicts, each key any
    of them has, bound to what each gives it (not known where one of them lacks it)."""
    dicts = options(v)
    if not all(isinstance(d, DictV) for d in dicts):
        return {}
    keys = dict.fromkeys(str(k) for d in dicts for k in d.items)
    return {k: join([d.items.get(k, Unknown) for d in dicts]) for k in keys}


# The methods of `str` that compute a value from the string and their arguments alone (given no
# number past _MAX_STR_ARG: `"x".zfill(10**12)` would build a terabyte).
_MAX_STR_ARG = 1 << 16
_STR_METHODS = frozenset({
    "split", "rsplit", "splitlines", "partition", "rpartition", "strip", "lstrip", "rstrip", "lower", "upper",
    "casefold", "title", "capitalize", "replace", "removeprefix", "removesuffix", "startswith", "endswith", "find",
    "rfind", "count", "isdigit", "isalpha", "isalnum", "isidentifier", "zfill",
})


class _Busy:
    pass


_BUSY = _Busy()
_RAISES = _Busy()  # memo: every path of the call raises


class Super(Value):
    """`super()`: attribute lookups start after the method's own class."""
    __slots__ = ("chain", "inst")

    def __init__(self, chain: list, inst: Inst):
        self.chain = chain
        self.inst = inst

    def key(self):
        return ("super", id(self.inst))


def bind_params(a: ast.arguments, args: list, kwargs: dict, defaults: dict, unknown_tail: bool) -> dict:
    """Parameter values for a call, bound as Python binds them. After a starred argument of
    unknown length, parameters it may fill are unknown rather than their defaults."""
    positional = [*a.posonlyargs, *a.args]
    bound: dict = {}
    for p, v in zip(positional, args):
        bound[p.arg] = v
    extra = list(args[len(positional):])
    by_keyword = {p.arg for p in a.args} | {p.arg for p in a.kwonlyargs}
    extra_kw = {}
    for k, v in kwargs.items():
        if k in by_keyword and k not in bound:
            bound[k] = v
        else:
            extra_kw[k] = v
    if a.vararg is not None:
        bound[a.vararg.arg] = Unknown if unknown_tail else Seq(tuple(extra))
    if a.kwarg is not None:
        bound[a.kwarg.arg] = DictV(extra_kw)
    for p in [*positional, *a.kwonlyargs]:
        if p.arg not in bound:
            if unknown_tail and p in positional:
                bound[p.arg] = Unknown
            elif p.arg in defaults:
                bound[p.arg] = defaults[p.arg]
    return bound


def _dict_mutate(d: DictV, name: str, args, kwargs) -> Value:
    """`d.update(...)`, `d.setdefault(k, v)`, `d.pop(k)` on a dict the analysis holds."""
    if name == "update":
        if args and isinstance(args[0], DictV):
            d.items.update(args[0].items)
        elif args:
            return Unknown
        d.items.update(kwargs)
        return Const(None)
    if not args or not isinstance(args[0], Const):
        return Unknown
    key = args[0].value
    if name == "setdefault":
        return d.items.setdefault(key, args[1] if len(args) > 1 else Const(None))
    return d.items.pop(key, args[1] if len(args) > 1 else Unknown)


def _dict_method(d: DictV, name: str, args) -> Value:
    if name == "get" and args and isinstance(args[0], Const):
        try:
            found = d.items.get(args[0].value)
        except TypeError:
            return Unknown
        return found if found is not None else (args[1] if len(args) > 1 else Const(None))
    if name == "keys":
        return Seq(tuple(Const(k) for k in d.items), "list")
    if name == "values":
        return Seq(tuple(d.items.values()), "list")
    if name == "items":
        return Seq(tuple(Seq((Const(k), v)) for k, v in d.items.items()), "list")
    if name == "copy":
        return DictV(dict(d.items), d.origin)
    return Unknown


def _distinct(values: list) -> list:
    """`values` less the arrays (and tuples of them, constants) equal to one before them: the
    batches a loop yields, alike."""
    out, seen = [], set()
    for v in values:
        if _data(v):
            if v.key() in seen:
                continue
            seen.add(v.key())
        out.append(v)
    return out


def _data(v) -> bool:
    return isinstance(v, (ArrayV, Const)) or (isinstance(v, Seq) and all(_data(i) for i in v.items))


def _is_generator(scope) -> bool:
    """Whether a def's own body yields (a generator's body runs when it is iterated); its
    tree is walked only when its lines mention `yield`."""
    if scope.generator is None:
        node = scope.node
        lines = scope.module.source.lines[node.lineno - 1:node.end_lineno]
        scope.generator = any("yield" in line for line in lines) and _yields(node)
    return scope.generator


def _yields(fn: ast.AST) -> bool:
    stack = list(fn.body)
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(n))
    return False


def _lowering_platforms(node: ast.Call) -> tuple:
    """`X.lower(..., lowering_platforms=("tpu",))`: the platforms X is traced for (written as
    string literals)."""
    if not (isinstance(node.func, ast.Attribute) and node.func.attr == "lower"):
        return ()
    for kw in node.keywords:
        if kw.arg == "lowering_platforms" and isinstance(kw.value, (ast.Tuple, ast.List)):
            return tuple(e.value for e in kw.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str))
    return ()


def ints(v) -> tuple | None:
    """The ints of an int or a tuple of them (`argnums=1`, `nondiff_argnums=(0, 2)`, a
    signature's default `()`); None where one is not a known int."""
    if isinstance(v, Const) and isinstance(v.value, int):
        return (v.value,)
    if isinstance(v, Const) and isinstance(v.value, tuple) and all(isinstance(i, int) for i in v.value):
        return v.value
    if isinstance(v, Seq) and all(isinstance(i, Const) and isinstance(i.value, int) for i in v.items):
        return tuple(i.value for i in v.items)
    return None


def _prod(xs) -> int:
    n = 1
    for x in xs:
        n *= x
    return n
