"""Flax NNX, Flax Linen and Equinox beyond their transformations (which are rows of the API
table, applied like JAX's): the calls that keep a module's type through a round trip
(`nnx.split`/`nnx.merge`, `eqx.partition`/`eqx.combine`, `eqx.apply_updates`), Linen's
`Module.apply`/`init` (they run `__call__` or `method=` on the bound module, after `setup()`),
Linen transformations of a Module class, and dataclass-style field declarations."""

from __future__ import annotations

import ast
from contextlib import contextmanager
from dataclasses import replace

from . import dtypes, stypes
from .calls import DICT_ITEMS, MAP_VARIABLES, is_callable, value_name
from ..jaxfacts import LINEN_LEGACY_MESH_UNTIL, MAKE_MESH_EXPLICIT, RNGS_RANDOM_METHODS
from .events import CollectiveEvent, ConstraintEvent, VariableShardingEvent
from .frames import Raise, entry_path
from .linentree import LINEN_ARGS, LINEN_LAYERS, UNKNOWN, LinenTree, nested
from .nnxstate import split_selects
from .shapes import LAYER_OUTPUT, LAYER_SHAPES, LAYER_TYPES, MESHLESS, STACK_NAME, STACKED
from .values import (
    BATCHED, ArrayV, AxisRulesV, Bound, ClassV, Const, DictV, EagerShardingV, Ext, Factory, FilterSpecs, GraphPart,
    Inst, Lifted, LinenShardingsV, LinenVarsV, MeshV, Multi, NO_SHARDING, Partial, PSpecV, Seq, ShardingV, StateDict,
    Transformed, Unknown, Value, exact_vma, is_variable, mro, options, serial, variable_array, varying_with, vma_of,
)

_LINEN = "flax.linen."
PARTITIONED = "flax.nnx.with_partitioning"  # an initializer whose variables carry a sharding
# Linen initializers whose parameters carry mesh axes, or logical names
LINEN_PARTITIONED, LINEN_LOGICAL = "flax.linen.with_partitioning", "flax.linen.with_logical_partitioning"
# The keywords that give an NNX variable its sharding (Flax 0.12 reads the older two as the first)
_VARIABLE_SHARDING = ("out_sharding", "sharding", "sharding_names")
_TO_LINEN = "flax.nnx.bridge.ToLinen"
_TO_NNX = "flax.nnx.bridge.ToNNX"
# Classes (outside the analysed source) whose subclasses are Flax Linen modules.
LINEN_MODULES = {"flax.linen.Module", "flax.linen.module.Module"}


# How a call path says that Linen's `init`/`apply` runs a module's method.
RUNS_MODULE = "runs the module"
TABULATES = f"tabulate {RUNS_MODULE}"  # `nnx.tabulate(model, x)`, `model.tabulate(key, x)`


# The parameter arrays the frameworks' common layers make, by the constructor's arguments (their
# positional parameters first): Equinox 0.13 and Flax NNX 0.12, unchanged since Equinox 0.11 and
# Flax 0.10. `params(args)` -> {name: shape}; None where a size is not a known int.
def _sizes(*vs) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in vs)


def _shape(v) -> tuple | None:
    """A norm layer's shape argument: an int or a tuple of ints."""
    t = (v,) if isinstance(v, int) else v if isinstance(v, tuple) else None
    return t if t is not None and _sizes(*t) else None


def _eqx_linear(a):
    i, o = a.get("in_features"), a.get("out_features")
    dims_in, dims_out = (() if i == "scalar" else (i,)), (() if o == "scalar" else (o,))
    if not _sizes(*dims_in, *dims_out):
        return None
    return {"weight": (*dims_out, *dims_in), **({"bias": dims_out} if a.get("use_bias", True) is True else {})}


def mlp_layers(a) -> list[dict] | None:
    """An Equinox MLP's linear layers, `depth` hidden ones of `width_size` (none: one layer), as
    the arguments each `Linear` is made with; None where a size or flag is not a known constant."""
    i, o, width, depth = a.get("in_size"), a.get("out_size"), a.get("width_size"), a.get("depth")
    if not (isinstance(depth, int) and not isinstance(depth, bool) and depth >= 0 and (depth == 0 or _sizes(width))):
        return None
    sizes = [i, *([width] * depth), o]
    layers = [{"in_features": fan_in, "out_features": fan_out,
               "use_bias": a.get("use_final_bias", True) if n == depth else a.get("use_bias", True)}
              for n, (fan_in, fan_out) in enumerate(zip(sizes, sizes[1:]))]
    return layers if all(isinstance(k["use_bias"], bool) and _eqx_linear(k) is not None for k in layers) else None


def _eqx_norm(a):
    shape = _shape(a.get("shape"))
    if shape is None:
        return None
    return {**({"weight": shape} if a.get("use_weight", True) is True else {}),
            **({"bias": shape} if a.get("use_bias", True) is True else {})}


def _nnx_linear(a):
    i, o = a.get("in_features"), a.get("out_features")
    if not _sizes(i, o):
        return None
    return {"kernel": (i, o), **({"bias": (o,)} if a.get("use_bias", True) is True else {})}


def _nnx_linear_general(a):
    """`nnx.LinearGeneral`'s kernel: its input features' dimensions, then its output features'
    (each an int or a tuple of them); its bias: the output features'. (Not with `batch_axis=`.)"""
    i, o = _shape(a.get("in_features")), _shape(a.get("out_features"))
    if i is None or o is None or a.get("batch_axis") not in (None, {}):
        return None
    return {"kernel": (*i, *o), **({"bias": o} if a.get("use_bias", True) is True else {})}


def _nnx_einsum(a):
    kernel, bias = _shape(a.get("kernel_shape")), a.get("bias_shape")
    if kernel is None or not (bias is None or _shape(bias)):
        return None
    return {"kernel": kernel, **({"bias": _shape(bias)} if bias is not None else {})}


def _nnx_norm(a, names=("scale", "bias")):
    n = a.get("num_features")
    if not _sizes(n):
        return None
    flags = {"scale": a.get("use_scale", True), "bias": a.get("use_bias", True)}
    return {k: (n,) for k in names if flags.get(k, True) is True}


LAYER_PARAMS = {
    "equinox.nn.Linear": (("in_features", "out_features"), _eqx_linear),
    "equinox.nn.Embedding": (("num_embeddings", "embedding_size"),
                             lambda a: {"weight": (a["num_embeddings"], a["embedding_size"])}
                             if _sizes(a.get("num_embeddings"), a.get("embedding_size")) else None),
    "equinox.nn.LayerNorm": (("shape",), _eqx_norm),
    "equinox.nn.RMSNorm": (("shape",), _eqx_norm),
    "flax.nnx.Linear": (("in_features", "out_features"), _nnx_linear),
    "flax.nnx.LinearGeneral": (("in_features", "out_features"), _nnx_linear_general),
    "flax.nnx.Einsum": (("einsum_str", "kernel_shape", "bias_shape"), _nnx_einsum),
    "flax.nnx.Embed": (("num_embeddings", "features"),
                       lambda a: {"embedding": (a["num_embeddings"], a["features"])}
                       if _sizes(a.get("num_embeddings"), a.get("features")) else None),
    "flax.nnx.LayerNorm": (("num_features",), _nnx_norm),
    "flax.nnx.RMSNorm": (("num_features",), lambda a: _nnx_norm(a, ("scale",))),
}


def _overlaid(module: Value, state: DictV) -> Value:
    """A copy of `module` whose variables hold the arrays of `state`, a pure dict of its state
    (submodules by attribute name, a variable by its name, holding its array). A framework
    layer given all its parameters computes what varies as they do."""
    from .transforms import layer_param

    if not isinstance(module, Inst):
        return module
    attrs = dict(module.attrs)
    given = {}
    for k, new in state.items.items():
        if not isinstance(k, str):
            continue
        old = attrs.get(k)
        if isinstance(new, DictV) and isinstance(old, Inst) and not is_variable(old):
            attrs[k] = _overlaid(old, new)
        elif is_variable(old):
            attrs[k] = Inst(old.cls, {**old.attrs, "value": new})
        elif old is None and layer_param(module, k) is not None:
            attrs[k] = Inst(Ext("flax.nnx.Param"), {"value": new})  # a framework layer's parameter
            given[k] = new
    params = attrs.get(LAYER_SHAPES)
    if given and isinstance(params, Const):
        attrs["__vma__"] = frozenset().union(*map(vma_of, given.values()))
        attrs["__exact__"] = all(k in given and exact_vma(given[k]) for k, _ in params.value)
    return Inst(module.cls, attrs, module.version + 1, module.lift, module.setup_done)


def layer_fields(name: str) -> tuple:
    """The fields a framework layer the table knows keeps its leading constructor arguments in,
    by position (`eqx.nn.Linear(64, 8)`'s `out_features` is 8)."""
    row = LAYER_PARAMS.get(name)
    return row[0] if row is not None else ()


def layer_params(name: str, args: list, kwargs: dict) -> dict | None:
    """{parameter: shape} of a framework layer made with these arguments, where the table knows
    the layer and every size and `use_*` flag it is given is a constant."""
    row = LAYER_PARAMS.get(name)
    if row is None:
        return None
    positional, params = row
    given = {**dict(zip(positional, args)), **kwargs}
    known = {k: _constant(v) for k, v in given.items()}
    if any(known[k] is _UNKNOWN for k in known if k in positional or k.startswith("use_")):
        return None
    return params(known)


# How a framework layer's output shape follows from its input's: the constructor parameter (by
# name and position) whose size replaces the last dimension ("last") or is appended ("append",
# an embedding's lookup); the einsum of the input and the kernel ("einsum", its subscripts'
# parameter); the features replacing the contracted dimensions ("general": Linen's DenseGeneral,
# its `axis=`); or the input's shape ("same": norms, dropout).
LAYER_OUTPUTS = {
    "flax.nnx.Einsum": ("einsum", "einsum_str", 0),
    "flax.linen.Dense": ("last", "features", 0),
    "flax.linen.DenseGeneral": ("general", "features", 0),
    "flax.nnx.Linear": ("last", "out_features", 1),
    "equinox.nn.Linear": ("last", "out_features", 1),
    "equinox.nn.MLP": ("last", "out_size", 1),
    "equinox.nn.GRUCell": ("last", "hidden_size", 1),  # (its input's features become the hidden state's)
    "flax.linen.Embed": ("append", "features", 1),
    "flax.nnx.Embed": ("append", "features", 1),
    "equinox.nn.Embedding": ("append", "embedding_size", 1),
    **{f"flax.linen.{n}": ("same",) for n in ("LayerNorm", "RMSNorm", "BatchNorm", "Dropout")},
    **{f"flax.nnx.{n}": ("same",) for n in ("LayerNorm", "RMSNorm", "BatchNorm", "Dropout")},
    **{f"equinox.nn.{n}": ("same",) for n in ("LayerNorm", "RMSNorm", "Dropout")},
    # attention: its output features where given, else its input's (Linen's: the query's)
    **{f"flax.linen.{n}": ("attention", "out_features", 4, None, None)
       for n in ("MultiHeadDotProductAttention", "MultiHeadAttention", "SelfAttention")},
    "flax.nnx.MultiHeadAttention": ("attention", "out_features", 3, "in_features", 1),
    "equinox.nn.MultiheadAttention": ("attention", "output_size", 4, "query_size", 1),
}


def layer_output(name: str, args: list, kwargs: dict) -> tuple | None:
    """("same",), ("last" | "append", size), ("einsum", subscripts, kernel shape) or ("general",
    features, axes): how the layer made with these arguments shapes its output, where the table
    knows the layer (a size None where not known; an einsum's and a general layer's need every
    size). An attention layer's: "last", or "same" where its features are its query's."""
    row = LAYER_OUTPUTS.get(name)
    if row is None or row[0] == "same":
        return row
    kind, param, at = row[:3]
    size = kwargs.get(param, args[at] if len(args) > at else None)
    if kind == "attention":
        if size is None or isinstance(size, Const) and size.value is None:
            if row[3] is None:
                return ("same",)
            size = kwargs.get(row[3], args[row[4]] if len(args) > row[4] else None)
        kind = "last"
    if kind == "einsum":  # ("einsum", the subscripts, the kernel's shape)
        kernel = _shape(_constant(kwargs.get("kernel_shape", args[1] if len(args) > 1 else Unknown)))
        text = size.value.replace(" ", "") if isinstance(size, Const) and isinstance(size.value, str) else None
        return (kind, text, kernel) if text is not None and kernel is not None else None
    if kind == "general":  # (DenseGeneral's fields: features, axis, batch_dims)
        features, axis = _constant(size) if size is not None else _UNKNOWN, _constant(
            kwargs.get("axis", args[1] if len(args) > 1 else Const(-1)))
        features = (features,) if isinstance(features, int) else features
        axis = (axis,) if isinstance(axis, int) else axis
        if "batch_dims" in kwargs or len(args) > 2 or not isinstance(features, tuple) \
                or not isinstance(axis, tuple) or not all(isinstance(d, int) for d in (*features, *axis)):
            return None
        return kind, features, axis
    if isinstance(size, Const) and isinstance(size.value, int) and not isinstance(size.value, bool):
        return kind, size.value
    return kind, None  # (features not known: the output's rank is)


_UNKNOWN = object()


def _constant(v: Value):
    """A constant's Python value (a tuple of constants as a tuple), else _UNKNOWN."""
    if isinstance(v, Const):
        return v.value
    if isinstance(v, Seq) and v.kind == "tuple" and all(isinstance(i, Const) for i in v.items):
        return tuple(i.value for i in v.items)
    return _UNKNOWN


def _same_modules(a: Value, b: Value) -> bool:
    """Whether `a` is `b`'s module (or tuple of modules) as it came through a shard_map."""
    if isinstance(a, Inst) and isinstance(b, Inst):
        return a.cls is b.cls
    return isinstance(a, Seq) and isinstance(b, Seq) and len(a.items) == len(b.items) and bool(a.items) and all(
        _same_modules(x, y) for x, y in zip(a.items, b.items))


# An NNX Rngs and its streams; their methods that are jax.random's functions (given the next
# key), and the Rngs' own methods and attributes (any other attribute names a stream)
_RNGS = ("flax.nnx.Rngs", "flax.nnx.RngStream")
_RANDOM_METHODS = frozenset({
    "bits", "uniform", "randint", "permutation", "choice", "normal", "multivariate_normal", "truncated_normal",
    "bernoulli", "beta", "cauchy", "dirichlet", "exponential", "gamma", "loggamma", "poisson", "gumbel",
    "categorical", "laplace", "logistic", "pareto", "t", "chisquare", "f", "rademacher", "maxwell",
    "double_sided_maxwell", "weibull_min", "orthogonal", "generalized_normal", "ball", "rayleigh", "wald",
    "geometric", "triangular", "lognormal", "binomial", "multinomial",
})
_RNGS_OWN = frozenset({"split", "fork", "items", "keys", "values", "broadcast", "streams", "default"})


class FrameworkMixin:
    def _api_graph_split(self, name, row, p, act, ctx, site, node, decorating):
        model = p.get("node", Unknown)
        filters = p.get("filters")
        n = max(1, len(filters.items)) if isinstance(filters, Seq) else 1
        return Seq((GraphPart("graphdef", model), *(GraphPart("state", model, select)
                                                    for select in split_selects(filters, n))))

    def _api_graph_merge(self, name, row, p, act, ctx, site, node, decorating):
        """The module again; where its one state went through a shard_map (the module's state
        as per-device blocks, as `block` made it), that module; where it is a pure dict
        (`nnx.to_pure_dict`, a checkpoint's), the module holding the dict's arrays."""
        g, state, more = p.get("graphdef"), p.get("state"), p.get("states")
        if not isinstance(g, GraphPart):
            return Unknown
        alone = more is None or (isinstance(more, Seq) and not more.items)
        if alone and isinstance(state, GraphPart) and state.kind == "state" and _same_modules(state.of, g.of):
            return state.of
        if alone and isinstance(state, DictV):
            return _overlaid(g.of, state)
        return g.of

    def _api_graph_state(self, name, row, p, act, ctx, site, node, decorating):
        model = p.get("node", Unknown)
        filters = p.get("filters")
        selects = split_selects(filters, 1)
        if len(selects) > 1:
            return Seq(tuple(GraphPart("state", model, select) for select in selects))
        return GraphPart("state", model, selects[0])

    def _api_graph_update(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.update(model, state)`: the model's variables hold the state's arrays, placed as
        they are (`nnx.state` of a module, placed anew by `device_put` or a constraint); where
        the state is not such a state, where they are is not known any more."""
        states = [p.get("state", Unknown), *(p["states"].items if isinstance(p.get("states"), Seq) else ())]
        for state in states:
            if isinstance(state, GraphPart) and state.kind == "state":
                _assign(p.get("node", Unknown), state.of, set())
            else:
                _unplace(p.get("node", Unknown), set())
        return Const(None)

    def _api_same(self, name, row, p, act, ctx, site, node, decorating):
        """A call that returns its module (or pytree) argument updated, or a decorator that
        returns its function: the same object."""
        for key in ("pytree", "model", "node", "tree", "self", "func"):
            if key in p:
                return p[key]
        return Unknown

    def _api_nnx_state(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.State(mapping)`: the mapping, made a State (a dict of its items)."""
        tree = p.get("pytree", Unknown)
        return StateDict(dict(tree.items)) if isinstance(tree, DictV) else tree

    def _api_state_sharding(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.StateSharding(mapping)`: the mapping; one written out with keys that are filters
        keeps them, in order, for a shard_map to match against a module's variables."""
        given = p.get("pytree", Unknown)
        written = node.args[0] if isinstance(node, ast.Call) and len(node.args) == 1 else None
        if not isinstance(given, DictV) or not isinstance(written, ast.Dict) or None in written.keys:
            return given
        pairs = tuple((self.eval(k, act, ctx), self.eval(v, act, ctx)) for k, v in zip(written.keys, written.values))
        return FilterSpecs(dict(given.items), given.origin, filters=pairs)

    def _api_flatten_dict(self, name, row, p, act, ctx, site, node, decorating):
        """`flatten_dict(xs, sep=None)`: a dict of the nested dict's leaves by their paths (tuples
        of keys, or the keys joined by `sep`; an empty dict is dropped). Unknown where a leaf may
        be a dict, or a key is not a string where `sep` joins them."""
        xs, sep, is_leaf = p.get("xs", Unknown), p.get("sep", Const(None)), p.get("is_leaf", Const(None))
        keep = p.get("keep_empty_nodes", Const(False))
        if not (isinstance(sep, Const) and (sep.value is None or isinstance(sep.value, str)) and _is_none(is_leaf)
                and isinstance(keep, Const) and keep.value is False):
            return Unknown
        flat = _flattened(xs, ())
        if flat is None or sep.value is not None and not all(isinstance(k, str) for path, _ in flat for k in path):
            return Unknown
        return DictV({(sep.value.join(path) if sep.value is not None else path): v for path, v in flat})

    def _api_unflatten_dict(self, name, row, p, act, ctx, site, node, decorating):
        """`unflatten_dict(xs, sep=None)`: the nested dict of a flat one keyed by paths (tuples,
        or strings `sep` splits)."""
        xs, sep = p.get("xs", Unknown), p.get("sep", Const(None))
        if not (isinstance(xs, DictV) and isinstance(sep, Const) and (sep.value is None or isinstance(sep.value, str))):
            return Unknown
        root: dict = {}
        for key, v in xs.items.items():
            path = key.split(sep.value) if sep.value is not None and isinstance(key, str) else key
            if not isinstance(path, (tuple, list)) or not path:
                return Unknown
            at = root
            for k in path[:-1]:
                at = at.setdefault(k, {})
                if not isinstance(at, dict):
                    return Unknown
            if isinstance(at.get(path[-1]), dict):
                return Unknown
            at[path[-1]] = v
        return nested(root)

    def _api_tree_at(self, name, row, p, act, ctx, site, node, decorating):
        """`eqx.tree_at(lambda m: m.head, model, new_head)`: a copy of the module with what
        `where` selects (attributes and constant indices from its argument, or a tuple of those)
        replaced by `replace` (or by `replace_fn` of it). A selection it cannot follow leaves the
        module as it was."""
        tree = p.get("pytree", Unknown)
        paths = _where_paths(p.get("where"))
        if paths is None:
            return tree
        replace_fn = p.get("replace_fn")
        if len(paths) == 1:
            news = [p.get("replace", Unknown)]
        else:
            given = p.get("replace")
            news = list(given.items) if isinstance(given, Seq) and len(given.items) == len(paths) \
                else [Unknown] * len(paths)
        for path, new in zip(paths, news):
            if replace_fn is not None and is_callable(replace_fn):
                old = _at(tree, path)
                new = self.call(replace_fn, [old], {}, act, ctx, site, node, label="tree_at replaces with it")
            tree = _replaced(tree, path, new)
        return tree

    def _api_partition(self, name, row, p, act, ctx, site, node, decorating):
        """`eqx.partition(model, eqx.is_array)`: (what the filter keeps, the rest), each leaf the
        other part keeps replaced by None; with a filter it cannot read, the model twice."""
        tree = p.get("pytree", Unknown)
        f = p.get("filter_spec", Unknown)
        return Seq((_eqx_part(tree, f, True, {}), _eqx_part(tree, f, False, {})))

    def _api_combine(self, name, row, p, act, ctx, site, node, decorating):
        """`eqx.combine(params, static)`: each leaf from the first tree where it is not None."""
        trees = p.get("pytrees")
        items = trees.items if isinstance(trees, Seq) else ()
        if len(items) > 1 and (all(isinstance(t, Inst) for t in items) and len({id(t.cls) for t in items}) == 1
                               or all(isinstance(t, (Seq, DictV)) for t in items)):
            return _combined(list(items), {})
        # (a filtered-out callable, a transformed function or method, is None in all but one)
        return next((t for t in items if isinstance(t, Inst)),
                    next((t for t in items if not _is_none(t)), items[0] if items else Unknown))

    def _api_field(self, name, row, p, act, ctx, site, node, decorating):
        """A field's default: `default=`, else what `default_factory=` makes (called once, here:
        each instance's own copy is the same value)."""
        default = p.get("default")
        if default is not None and not (isinstance(default, Const) and default.value is None):
            return default
        factory = p.get("default_factory")
        if factory is not None and is_callable(factory):
            return self.call(factory, [], {}, act, ctx, site, node, label="makes the field's default")
        return Unknown

    def _api_nnx_filter(self, name, row, p, act, ctx, site, node, decorating):
        """An NNX filter object (`nnx.PathContains(key)`, `nnx.Not(nnx.Param)`): what it was
        given, for `nnxstate.matches` to decide."""
        return Inst(Ext(name), dict(p))

    def _api_axis_rules(self, name, row, p, act, ctx, site, node, decorating):
        return static_rules(p.get("rules", Unknown))

    def _api_nnx_partitioned(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.with_partitioning(init, sharding, mesh=None)`: an initializer whose variables carry
        the sharding (and the mesh, where given) as metadata."""
        attrs = {"sharding": p.get("sharding", Unknown), "mesh": p.get("mesh", Const(None)),
                 "initializer": p.get("initializer", Unknown)}
        metadata = p.get("metadata")
        for key in ("eager_sharding", "sharding_rules"):
            if isinstance(metadata, DictV) and key in metadata.items:
                attrs[key] = metadata.items[key]
        return Inst(Ext(name), attrs)

    def _api_nnx_with_metadata(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.with_metadata(init, **metadata)`: with a sharding among the metadata (under any
        of the names a variable takes it by), the initializer `nnx.with_partitioning` makes (it
        is that, in every Flax measured: 0.11.2, 0.12.6, 0.12.8); else the initializer."""
        metadata = p.get("metadata")
        items = dict(metadata.items) if isinstance(metadata, DictV) else {}
        key = next((k for k in _VARIABLE_SHARDING if k in items), None)
        if key is None:
            return p.get("initializer", Unknown)
        given = {"initializer": p.get("initializer", Unknown), "sharding": items.pop(key),
                 "mesh": items.pop("mesh", Const(None)), "metadata": DictV(items)}
        return self._api_nnx_partitioned("flax.nnx.with_partitioning", row, given, act, ctx, site, node, decorating)

    def _api_nnx_partitioned_call(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.with_partitioning(init, spec)(key, shape)`: Flax's `VariableMetadata`, the array
        `init` makes with the sharding metadata (an `nnx.Param` of it is made as one given the
        metadata: see `variable_metadata`)."""
        box = p.get("self")
        if not isinstance(box, Inst):
            return Unknown
        value = self._initialized(box.attrs.get("initializer", Unknown), [], p.get("args"), p.get("kwargs"), act, ctx,
                                  site, node, "makes the variable's value")
        return Inst(Ext(PARTITIONED), {**box.attrs, "value": value})

    def _api_eager_sharding_config(self, name, row, p, act, ctx, site, node, decorating):
        v = p.get("value", Unknown)
        return EagerShardingV(v.value if isinstance(v, Const) and isinstance(v.value, bool) else None)

    def _api_flax_config_update(self, name, row, p, act, ctx, site, node, decorating):
        """`flax.config.update("flax_always_shard_variable", value)`: Flax's eager-sharding
        default, as `nnx.use_eager_sharding(value)` sets it; another flag is not followed."""
        flag = p.get("name")
        if isinstance(flag, Const) and flag.value == "flax_always_shard_variable":
            return self._api_eager_sharding_config(name, row, {"value": p.get("value", Unknown)}, act, ctx, site,
                                                   node, decorating)
        return Unknown

    def eager_sharding(self, init: Inst, act, ctx, site, node, value: Value | None = None) -> Value | None:
        """Flax 0.12 shards a variable whose metadata holds a sharding where it is made (a layer
        given `kernel_init=nnx.with_partitioning(init, spec)`, measured on 0.12.6 and 0.12.8;
        0.11.2 does not): over the context mesh (`jax.set_mesh`; a legacy `with mesh:` is none),
        which must not be manual (inside a shard_map), or the mesh the metadata names; with
        neither it raises. Its spec, the names renamed by the logical axis rules
        (`variable_pspec`), fails as a NamedSharding does where it names an axis the mesh lacks,
        and as `device_put` does where it does not split the variable's `value` evenly (measured
        on 0.12.8, Auto and Explicit meshes; under `eval_shape`, Explicit ones only). Not where
        eager sharding may be off: `with nnx.use_eager_sharding(False):` around it, the statement
        `nnx.use_eager_sharding(False)` (or `flax.config.update("flax_always_shard_variable",
        False)`) before it, or `eager_sharding=` in the metadata. The NamedSharding it places the
        variable with, where known."""
        spec, given_mesh = init.attrs.get("sharding"), init.attrs.get("mesh")
        if not (isinstance(given_mesh, Const) and given_mesh.value is None) or spec is Unknown:
            return None
        eager = init.attrs.get("eager_sharding")
        if "eager_off" in ctx.modes or entry_path(act) in self.eager_off or not (
                eager is None or isinstance(eager, Const) and eager.value is True):
            return None
        if isinstance(spec, Seq):  # a tuple of axis names, as a PartitionSpec
            spec = self._api_pspec("jax.sharding.PartitionSpec", None, {"partitions": spec}, act, ctx, site, node,
                                   False)
        if ctx.innermost("shard_map") is not None:
            self.record(VariableShardingEvent(site, ctx, act.path, node, kind="manual", spec=spec))
            raise Raise()
        mesh = self.context_mesh(ctx, act)
        if mesh is None:
            if "mesh_maybe" not in ctx.modes:
                self.record(VariableShardingEvent(site, ctx, act.path, node, kind="no_mesh", spec=spec))
                raise Raise()
            return None
        renamed, logical = self.variable_pspec(init, act, ctx, site, node)
        if isinstance(mesh, MeshV) and isinstance(renamed, PSpecV):
            sharding = self._api_named_sharding("flax.nnx.with_partitioning", None,
                                                {"mesh": mesh, "spec": renamed, "logical": logical},
                                                act, ctx, site, node, False)
            # placed as device_put places it: a split must be even (over Auto axes, Flax's
            # constraint only traced by an eval_shape is checked for its rank only)
            traced = ctx.innermost("eval_shape") is not None and not self.explicit_mesh(mesh)
            if value is not None:
                self.check_even(sharding, value, "traced_constraint" if traced else "device_put", None, act, ctx,
                                site, node, even=not traced)
            return sharding
        return None

    def layer_type(self, layer: Inst, args: list, kwargs: dict, shape, act, ctx, site, node,
                   direct: bool = True) -> tuple | None:
        """The sharding type of what a Flax NNX `Linear` computes from an input of known type:
        the input times its kernel (a matrix product, checked as JAX checks it; `out_sharding=`
        as Flax passes it on), plus its bias; an Equinox `Linear`, its weight times one input
        vector, plus its bias; or an `Embed` (NNX's or Linen's) or Equinox `Embedding`, a lookup in
        its table; None elsewhere. `direct`: the layer is called where the code calls it (not by a
        transformation of it, `jax.vmap(layer)(xs)`), so a fix may rewrite that call."""
        x = args[0] if len(args) == 1 else None
        if layer.cls.name == "flax.linen.Embed" and isinstance(x, ArrayV) and ctx.innermost("vmap") is None:
            # its table (a variable of `init`/`apply`) of no known type: split ids fail whatever it is
            return self.gather_type("flax.linen.Embed", ArrayV((None, None)), x, act, ctx, site, node, direct)
        if layer.cls.name in LINEN_DENSE and isinstance(x, ArrayV) and x.spec is not None \
                and ctx.per_item and "linen_apply" in ctx.modes and STACKED not in layer.attrs:
            return self._linen_dense_type(layer, x, shape, act, ctx, site, node)
        if layer.cls.name in _DROPOUTS and isinstance(x, ArrayV) and ctx.per_item:
            return x.spec  # (zeroes some of it, scales the rest)
        types = layer.attrs.get(LAYER_TYPES)
        if layer.cls.name not in ("flax.nnx.Linear", "flax.nnx.Einsum", "flax.nnx.Embed", "equinox.nn.Linear",
                                  "equinox.nn.Embedding", *_AFFINE_NORMS) \
                or not isinstance(x, ArrayV) or x.shape is None or not isinstance(types, Const) or not ctx.per_item \
                or STACKED in layer.attrs:  # (whose attributes are one member's)
            return None

        if layer.cls.name in _AFFINE_NORMS:
            # the input less its mean (over unsplit or split dimensions alike), scaled: elementwise,
            # its parameters broadcast onto its trailing dimensions
            return stypes.elementwise([x, *(param_array(layer, k) for k, _ in types.value)])
        where = kwargs.get("out_sharding")
        where = None if where is None or _is_none(where) else where
        if layer.cls.name == "flax.nnx.Embed":  # `jnp.take(embedding, x, axis=0)`
            table = param_array(layer, "embedding")
            if where is not None:
                return self.typed(ArrayV(shape), where, act, ctx).spec if shape is not None else None
            return self.gather_type("flax.nnx.Embed", table, x, act, ctx, site, node, direct) \
                if table is not None else None
        if layer.cls.name == "equinox.nn.Embedding":  # `weight[x]`
            table = param_array(layer, "weight")
            return self.gather_type("equinox.nn.Embedding", table, x, act, ctx, site, node, direct) \
                if table is not None else None
        has_bias = "bias" in dict(types.value)
        if layer.cls.name == "equinox.nn.Linear":  # `weight @ x + bias`
            weight, bias = param_array(layer, "weight"), param_array(layer, "bias")
            if weight is None or weight.shape is None or len(weight.shape) != 2 or len(x.shape) != 1:
                return None
            out = self.product("equinox.nn.Linear", weight, x, stypes.matmul_dims(weight, x, "matmul"), shape, None,
                               act, ctx, site, node, bias=has_bias, direct=direct)
        elif layer.cls.name == "flax.nnx.Einsum":  # `jnp.einsum(subscripts, x, kernel)`, plus its bias
            how, kernel, bias = layer.attrs.get(LAYER_OUTPUT), param_array(layer, "kernel"), param_array(layer, "bias")
            if not isinstance(how, Const) or kernel is None or len(args) != 1 or "einsum_str" in kwargs:
                return None
            dims = stypes.einsum_dims(Const(how.value[1]), x, kernel)
            out = self.product("flax.nnx.Einsum", x, kernel, dims, shape, where, act, ctx, site, node, direct=direct)
            if not has_bias or out is None:
                return out
            # its bias holds the kernel's dimensions the result keeps, broadcast onto those
            _, b, output = dims[2]
            kept = [c for c in b if c in output]
            if bias is None or bias.spec is None or len(bias.spec) != len(kept):
                return None
            spread = [()] * len(output)
            for c, split in zip(kept, bias.spec):
                spread[output.index(c)] = split
            return stypes.elementwise([ArrayV(spec=out), ArrayV(spec=tuple(spread))])
        else:
            kernel, bias = param_array(layer, "kernel"), param_array(layer, "bias")
            if kernel is None or kernel.shape is None or len(kernel.shape) != 2 or kernel.spec is None \
                    or x.spec is None:
                return None
            out = self.product("flax.nnx.Linear", x, kernel,
                               ((len(x.shape) - 1,), (0,), [x.spec[:-1], kernel.spec[1:]]), shape, where, act, ctx,
                               site, node, direct=direct)
        if not has_bias:
            return out
        return stypes.elementwise([ArrayV(spec=out), bias]) if out is not None and bias is not None else None

    def _linen_dense_type(self, layer: Inst, x: ArrayV, shape, act, ctx, site, node) -> tuple | None:
        """A Flax Linen `Dense` or `DenseGeneral` that `apply` runs: its input times the kernel the
        variables hold at the layer's path (a `dot_general` contracting the input's last dimension,
        or those `axis=` names, with the kernel's leading ones), plus its bias. Linen's layers
        take no `out_sharding`, so a fix cannot give one where the layer is called. None where
        the path, the kernel's type or the layer's arguments are not known."""
        made = layer.attrs.get(LINEN_ARGS)
        given = dict(made.value) if isinstance(made, Const) else None
        kernel = self.linen_variable(layer, "kernel")
        if given is None or kernel is None or kernel.spec is None or given.get("batch_dims", ()) != () \
                or "dot_general" in given or "dot_general_cls" in given:  # (a product of its own)
            return None
        axis = given.get("axis", -1)
        axis = (axis,) if isinstance(axis, int) else axis
        rank = len(x.spec)
        if not isinstance(axis, tuple) or not axis or len(kernel.spec) <= len(axis) \
                or not all(isinstance(a, int) and -rank <= a < rank for a in axis):
            return None
        lc = tuple(a % rank for a in axis)
        kept = [tuple(d for i, d in enumerate(x.spec) if i not in lc), kernel.spec[len(lc):]]
        out = self.product(layer.cls.name, x, kernel, (lc, tuple(range(len(lc))), kept), shape, None,
                           act, ctx, site, node, direct=False)
        use_bias = given.get("use_bias", True)
        if out is None or use_bias is False:
            return out
        bias = self.linen_variable(layer, "bias") if use_bias is True else None
        return stypes.elementwise([ArrayV(spec=out), bias]) if bias is not None and bias.spec is not None else None

    def linen_variable(self, layer: Inst, name: str) -> ArrayV | None:
        """Under `apply`, the array the variables hold as parameter `name` of `layer`, found by
        the layer's path (named as `init` named it, where everything run so far says so); None
        where not known."""
        tree = self.linen_tree()
        path = tree.path(layer) if tree is not None and tree.complete else None
        node = self.linen_params[-1] if path is not None and self.linen_params else None
        for key in ("params", *path, name) if node is not None else ():
            node = node.items.get(key) if isinstance(node, DictV) else None
        return self.one_step(node) if isinstance(node, ArrayV) else None

    def one_step(self, param: ArrayV) -> ArrayV:
        """A parameter the variables hold, read under `apply` where `nn.scan`s that stack it run
        the module: one step's, their lengths gone from its leading dimensions (of a shape not
        known where how one of them stacks it is not)."""
        stacks = [s for s in self.linen_stacks if s != ()]
        if not stacks:
            return param
        known = None not in stacks and param.shape is not None and len(param.shape) >= len(stacks)
        return replace(param, shape=param.shape[len(stacks):] if known else None, spec=None)

    def variable_pspec(self, meta: Inst, act, ctx, site, node) -> tuple[Value, Value | None]:
        """The PartitionSpec Flax NNX gives a variable whose metadata is `meta` (an
        `nnx.with_partitioning` initializer's, or `nnx.Param(sharding=...)`'s): its names renamed
        by the logical axis rules in force (`nnx.logical_axis_rules` around it, else
        `set_logical_axis_rules` before it) and by its own `sharding_rules`, which add to them
        (Flax's `get_var_pspec` and eager sharding alike; a name no rule has stays). Unknown where
        the spec or the rules are not known. With it, the names as given where a rule renamed
        one, else None."""
        spec = meta.attrs.get("sharding", Unknown)
        parts = spec.parts if isinstance(spec, PSpecV) else spec.items if isinstance(spec, Seq) else None
        if parts is None:
            return Unknown, None
        context = ctx.rules if ctx.rules is not None else self.global_rules.get(entry_path(act))
        local = meta.attrs.get("sharding_rules")
        local = None if local is None or _is_none(local) else static_rules(local)
        if any(r is not None and r.rules is None for r in (context, local)):
            return Unknown, None
        table = {alias: target for r in (context, local) if r is not None
                 for (alias, _), target in zip(r.rules, r.targets)}
        renamed = tuple(table.get(n.value, n) if isinstance(n, Const) and isinstance(n.value, str) else n
                        for n in parts)
        pspec = self._api_pspec("jax.sharding.PartitionSpec", None, {"partitions": Seq(renamed)}, act, ctx, site,
                                node, False)
        return pspec, (Seq(tuple(parts)) if any(a is not b for a, b in zip(renamed, parts)) else None)

    def _api_set_axis_rules(self, name, row, p, act, ctx, site, node, decorating):
        """`nn.set_logical_axis_rules(rules)`: the rules in force from here on, outside any
        `logical_axis_rules` context."""
        self.global_rules[entry_path(act)] = static_rules(p.get("rules", Unknown))
        return Const(None)

    def _api_nnx_partition_spec(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.get_partition_spec(tree)`: the tree (an NNX module, its state) with each variable's
        PartitionSpec (`variable_pspec`) in its place, P() for a variable without one."""
        return self._nnx_specs(p.get("tree", Unknown), lambda spec, logical: spec, act, ctx, site, node)

    def _api_nnx_named_sharding(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.get_named_sharding(tree, mesh)`: `nnx.get_partition_spec(tree)`, each spec made a
        NamedSharding over `mesh` (which JAX checks has the axes it names)."""
        mesh = p.get("mesh", Unknown)
        return self._nnx_specs(p.get("tree", Unknown), lambda spec, logical: self._api_named_sharding(
            name, row, {"mesh": mesh, "spec": spec, "logical": logical}, act, ctx, site, node, decorating),
            act, ctx, site, node)

    def _api_nnx_abstract_model(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.get_abstract_model(init_fn, mesh)`: the model `init_fn` makes, under
        `nnx.eval_shape` with `mesh` set, split into its graphdef and its state (Flax places that
        state's arrays by their variables' shardings over `mesh`, which a jit's shardings then
        read again)."""
        mesh = p.get("mesh", Unknown)
        inner = ctx.with_mesh(mesh) if isinstance(mesh, MeshV) else ctx.in_mode("mesh_maybe")
        model = self.call(Ext("flax.nnx.eval_shape"), [p.get("init_fn", Unknown)], {}, act, inner, site, node)
        return self.call(Ext("flax.nnx.split"), [model], {}, act, ctx, site, node)

    def _nnx_specs(self, tree: Value, make, act, ctx, site, node) -> Value:
        """`tree` with each NNX variable, framework layer parameter and array replaced by
        `make(spec, logical)` of its PartitionSpec and the names as given where rules renamed
        them (else None), in the structure `jax.tree.map` gives; Unknown where a part's structure
        or spec is not known. The variables of modules an `nnx.vmap` stacked with a partition
        name (`transform_metadata`) have that name first, as Flax's `add_axis` puts it."""
        lead: list = []  # the stacking names of the modules walked into, outermost first

        def leaf(meta: Value) -> Value:
            if meta is None:
                return make(self._api_pspec("jax.sharding.PartitionSpec", None, {"partitions": Seq(())}, act, ctx,
                                            site, node, False), None)
            if not _partitioned(meta):
                return Unknown
            if lead:
                given = meta.attrs.get("sharding", Unknown)
                parts = given.parts if isinstance(given, PSpecV) else given.items if isinstance(given, Seq) else None
                if parts is None:
                    return Unknown
                meta = Inst(meta.cls, {**meta.attrs, "sharding": Seq((*lead, *parts))})
            spec, logical = self.variable_pspec(meta, act, ctx, site, node)
            return Unknown if spec is Unknown else make(spec, logical)

        def walk(v: Value) -> Value:
            name = v.attrs.get(STACK_NAME) if isinstance(v, Inst) and STACKED in v.attrs else None
            if name is not None:
                lead.append(name)
                try:
                    return walk(Inst(v.cls, {k: a for k, a in v.attrs.items() if k != STACK_NAME}, v.version, v.lift,
                                     v.setup_done))
                finally:
                    lead.pop()
            if isinstance(v, GraphPart):
                return v.remade(walk(v.of)) if v.kind == "state" else Unknown
            if isinstance(v, Seq) and v.kind in ("tuple", "list"):
                return Seq(tuple(walk(i) for i in v.items), v.kind)
            if isinstance(v, DictV):
                return DictV({k: walk(i) for k, i in v.items.items()})
            if _is_none(v):
                return v
            if isinstance(v, ArrayV):
                return leaf(None)
            if is_variable(v):
                meta = variable_sharding(v.attrs)
                return leaf(meta if meta is not None or isinstance(v.attrs.get("value"), ArrayV) else Unknown)
            if isinstance(v, Inst) and isinstance(v.cls, Ext) and v.cls.name.startswith("flax.nnx."):
                params = v.attrs.get(LAYER_SHAPES)
                layers = v.attrs.get("layers")
                if not isinstance(params, Const) and isinstance(layers, Seq):  # nnx.Sequential: its layers
                    return Inst(v.cls, {**v.attrs, "layers": walk(layers)})
                if not isinstance(params, Const):
                    return Unknown
                # a layer's parameter carries what its initializer (`kernel_init=`) gives it: an
                # initializer that is not `nnx.with_partitioning`'s gives no sharding
                inits = {k: v.attrs.get(f"{k}_init") for k, _ in params.value}
                return Inst(v.cls, {**v.attrs, **{k: leaf(i if i is Unknown or _partitioned(i) else None)
                                                  for k, i in inits.items()}})
            if isinstance(v, Inst) and isinstance(v.cls, ClassV) and self.pytree_class(v.cls):
                return Inst(v.cls, {k: walk(i) for k, i in v.attrs.items()
                                    if not k.startswith("__") and (isinstance(i, (ArrayV, Seq, DictV, Inst))
                                                                   or i is Unknown)})
            return Unknown

        return walk(tree)

    def _api_linen_logical_init(self, name, row, p, act, ctx, site, node, decorating):
        """`nn.with_logical_partitioning(init, names)`: the initializer, whose parameters carry the
        logical names (where static, noted for the `init` running), kept with its names."""
        items = _static_names(p.get("names"))
        if self.linen_logical and items is not None:
            self.linen_logical[-1][0].add(tuple(n.value for n in items))
        return Inst(Ext(LINEN_LOGICAL), {"fn": p.get("fn", Unknown), "names": Seq(items) if items is not None
                                         else Unknown, "mesh": p.get("mesh", Const(None)),
                                         "rules": p.get("rules", Const(None))})

    def linen_unboxed(self, init: Value, shape: tuple | None, act, ctx, node) -> None:
        """A Linen parameter made (under `init`) by the initializer `init`, of `shape` where
        known, at the statement holding `node`. Made with mesh axis names (`nn.with_partitioning`)
        or logical ones, Linen reads it through `unbox()`, which, where a mesh is in context,
        constrains it to the spec the names give (logical ones mapped by the logical axis rules
        given, else in force), over that mesh (measured on Flax 0.11.2 to 0.12.8):
        - JAX checks the mesh has the axes the spec names, and that the spec is no longer than
          the parameter's rank;
        - under `jax.set_mesh` of a mesh whose axes are Explicit the constraint is an assertion,
          and the parameter `init` makes is not sharded: where the spec names a mesh axis, JAX
          raises (JAX 0.10.2, Flax 0.12.8; Auto axes lower)."""
        names = _box_names(init)
        if names is None:
            return
        stacked = self._stacked_names(names)
        if shape is not None and self.linen_logical and stacked is not None:
            # (mesh axes as written, whose literals a fix edits; logical names by their values),
            # as the boxes `init` returns hold them: stacked by the scans around
            lengths = tuple(length for _, length in filter(None, self.linen_stacks))
            self.linen_logical[-1][2].add((init.cls.name, stacked if init.cls.name == LINEN_PARTITIONED
                                           else tuple(n.value for n in stacked), (*lengths, *shape)))
        if not _is_none(init.attrs.get("mesh", Const(None))):
            return
        mesh = self.context_mesh(ctx, act)
        if not isinstance(mesh, MeshV):
            return
        reads = _statement_holding(act.scope.node, node) or node
        site = self.site(reads, act)
        if init.cls.name == LINEN_PARTITIONED:
            spec = self._api_pspec("jax.sharding.PartitionSpec", None, {"partitions": Seq(names)}, act, ctx, site,
                                   reads, False)
        else:
            given_rules = init.attrs.get("rules", Const(None))
            rules = static_rules(given_rules) if not _is_none(given_rules) else \
                ctx.rules if ctx.rules is not None else self.global_rules.get(entry_path(act))
            if rules is None or rules.rules is None:
                return
            spec = self.logical_pspec([n.value for n in names], rules, act, ctx, site, reads)
        if not isinstance(spec, PSpecV):
            return
        # (the constraint's sharding names the context mesh, which JAX checks has its axes)
        sharding = self._api_named_sharding(init.cls.name, None, {
            "mesh": mesh, "spec": spec, "logical": Seq(names) if init.cls.name == LINEN_LOGICAL else None},
            act, ctx, site, reads, False)
        if shape is not None:  # (traced or not; an uneven split is padded under a trace)
            self.check_even(sharding, ArrayV(shape), "traced_constraint", None, act, ctx, site, reads, even=False)
        if spec.named and (mesh.explicit_types or (mesh.explicit_default and self.jax_version >= MAKE_MESH_EXPLICIT)):
            self.record(ConstraintEvent(site, ctx, act.path, reads, api=init.cls.name, kind="param_assert",
                                        axes=tuple(spec.named), spec=spec, mesh=mesh))
            raise Raise()

    def _api_linen_partitioned_init(self, name, row, p, act, ctx, site, node, decorating):
        """`nn.with_partitioning(init, names)`: the initializer, whose parameters carry the mesh
        axes named (where static, noted for the `init` running), kept with its names (what an
        `apply` in a shard_map splits them by: `split_by`)."""
        items = _static_names(p.get("names"))
        if self.linen_logical and items is not None:
            self.linen_logical[-1][1].add(items)
        return Inst(Ext(LINEN_PARTITIONED), {"fn": p.get("fn", Unknown), "names": Seq(items) if items is not None
                                             else Unknown, "mesh": p.get("mesh", Const(None))})

    def _api_linen_unbox(self, name, row, p, act, ctx, site, node, decorating):
        """`nn.unbox(tree)`: the variables' arrays, without the boxes that held their axis names
        (their PartitionSpecs are now P())."""
        tree = p.get("tree", Unknown)
        if isinstance(tree, LinenVarsV) and not tree.specs:
            return LinenVarsV(frozenset(), sharding=tree.sharding)
        return tree

    def _api_linen_partition_spec(self, name, row, p, act, ctx, site, node, decorating):
        """`nn.get_partition_spec(tree)`: the PartitionSpecs of the Linen variables in it (in
        their structure, where the tree is the variables)."""
        tree = p.get("tree", Unknown)
        found = [v for v in _linen_vars(tree, set()) if not v.specs]
        whole = isinstance(tree, LinenVarsV)
        return LinenVarsV(frozenset().union(*(v.logical for v in found)), specs=True,
                          mesh_names=frozenset().union(*(v.mesh_names for v in found)),
                          shaped=frozenset().union(*(v.shaped for v in found)),
                          collections=tree.collections if whole else frozenset(),
                          within=tree.within if whole else None) if found else Unknown

    def _api_linen_sharding(self, name, row, p, act, ctx, site, node, decorating):
        """`nn.get_sharding(tree, mesh)`: a NamedSharding over `mesh` of each parameter's spec;
        JAX checks there that the mesh has the axes `nn.with_partitioning` named. Each is kept
        with its parameter's shape, where known (`LinenShardingsV`). (A logical name is mapped by
        rules this does not follow.)"""
        mesh = p.get("mesh", Unknown)
        variables = list(_linen_vars(p.get("tree", Unknown), set()))
        made = {names: self._api_named_sharding(name, row, {"mesh": mesh, "spec": spec}, act, ctx, site, node,
                                                decorating)
                for names, spec in self.mesh_name_specs({n for v in variables for n in v.mesh_names}, act, ctx,
                                                        site, node)}
        return _paired(made, frozenset().union(*(v.shaped for v in variables)), LINEN_PARTITIONED, p.get("tree"))

    def linen_specs_mapped(self, specs: LinenVarsV, f: Value, act, ctx, site, node, label: str) -> Value:
        """`jax.tree.map(f, nn.get_partition_spec(variables))` where `f` makes a NamedSharding
        of a spec: the variables' shardings, as `nn.get_sharding` gives them."""
        made = {}
        for names, spec in self.mesh_name_specs(specs.mesh_names, act, ctx, site, node):
            made[names] = self.call(f, [spec], {}, act, ctx, site, node, label=label)
            if not isinstance(made[names], ShardingV):
                return Unknown
        return _paired(made, specs.shaped, LINEN_PARTITIONED, specs)

    def mesh_name_specs(self, found: set, act, ctx, site, node):
        """(names, the PartitionSpec of them) for each tuple of mesh axes `nn.with_partitioning`
        gave parameters (the Consts written), in a stable order."""
        for names in sorted(found, key=lambda t: (tuple(n.value or "" for n in t), repr(t))):
            yield names, self._api_pspec("jax.sharding.PartitionSpec", None, {"partitions": Seq(names)}, act, ctx,
                                         site, node, False)

    def _api_linen_mesh_sharding(self, name, row, p, act, ctx, site, node, decorating):
        """`nn.logical_to_mesh_sharding(specs, mesh, rules)`: a NamedSharding over `mesh` of each
        logical spec, its names mapped by `rules` (else those the context entered; JAX checks
        each against the mesh), kept with its parameter's shape where known (`LinenShardingsV`)."""
        specs, mesh, given = p.get("tree", Unknown), p.get("mesh", Unknown), p.get("rules")
        rules = ctx.rules if given is None or _is_none(given) else static_rules(given)
        if rules is None:
            return Unknown
        if not (isinstance(specs, LinenVarsV) and specs.specs and isinstance(mesh, MeshV)) or rules.rules is None:
            return Unknown
        made = {}
        for names in sorted(specs.logical, key=lambda t: tuple(n or "" for n in t)):
            spec = self.logical_pspec(list(names), rules, act, ctx, site, node)
            if spec is Unknown:
                continue
            logical = Seq(tuple(Const(n) for n in names))
            made[names] = self._api_named_sharding(name, row, {"mesh": mesh, "spec": spec, "logical": logical}, act,
                                                   ctx, site, node, decorating)
        return _paired(made, specs.shaped, LINEN_LOGICAL)

    def _api_linen_logical_to_mesh(self, name, row, p, act, ctx, site, node, decorating):
        """`nn.logical_to_mesh(specs, rules)`: the logical PartitionSpecs of Linen variables
        (`nn.get_partition_spec`), their names mapped to mesh axes by the rules given or else
        those the context entered; Unknown where the rules do not decide every one of them (or
        give a dimension several axes)."""
        specs, given = p.get("tree", Unknown), p.get("rules")
        rules = ctx.rules if given is None or _is_none(given) else static_rules(given)
        if not (isinstance(specs, LinenVarsV) and specs.specs) or rules is None or rules.rules is None:
            return Unknown
        mapped = set()
        for names in specs.logical:
            chosen = logical_to_mesh(list(names), rules.rules)
            if chosen is None:
                return Unknown
            targets = tuple(Const(None) if i is None else rules.targets[i] for i in chosen)
            if not all(isinstance(t, Const) for t in targets):
                return Unknown
            mapped.add(targets)
        return LinenVarsV(frozenset(), specs=True, mesh_names=frozenset(mapped | set(specs.mesh_names)))

    def _api_logical_to_mesh_axes(self, name, row, p, act, ctx, site, node, decorating):
        """`nn.logical_to_mesh_axes(names, rules)`: the PartitionSpec Flax maps the logical
        names to, by the rules given or else those the context entered."""
        given = p.get("rules")
        rules = ctx.rules if given is None or _is_none(given) else static_rules(given)
        names = p.get("array_dim_names")
        entries = names.parts if isinstance(names, PSpecV) else names.items if isinstance(names, Seq) else None
        if rules is None or rules.rules is None or entries is None:
            return Unknown
        dims = []
        for n in entries:
            if not (isinstance(n, Const) and (n.value is None or isinstance(n.value, str))):
                return Unknown
            dims.append(n.value)
        return self.logical_pspec(dims, rules, act, ctx, site, node)

    def logical_pspec(self, names: list, rules: AxisRulesV, act, ctx, site, node) -> Value:
        """The PartitionSpec the static `rules` map the logical `names` to (their targets' literals
        kept, for fixes); Unknown where the rules do not decide it."""
        chosen = logical_to_mesh(names, rules.rules)
        if chosen is None:
            return Unknown
        parts = tuple(Const(None) if i is None else rules.targets[i] for i in chosen)
        return self._api_pspec("jax.sharding.PartitionSpec", None, {"partitions": Seq(parts)}, act, ctx, site, node,
                               False)

    def _api_logical_constraint(self, name, row, p, act, ctx, site, node, decorating):
        """`nn.with_logical_constraint(x, names)`: where Flax sees a mesh (given, or entered with
        `jax.set_mesh`, or before Flax 0.12 with a legacy `with mesh:`) and logical axis rules, a
        sharding constraint of `x` over the mesh axes the rules map the names to, made as a
        NamedSharding of that mesh (which JAX checks); without them it does nothing. Inside a
        shard_map Flax always sees a mesh (the abstract one) and constrains `x` there, to a bare
        spec unless given `mesh=`. `x` passes through."""
        given_mesh = p.get("mesh")
        given_mesh = None if given_mesh is None or _is_none(given_mesh) else given_mesh
        mesh = self.context_mesh(ctx, act) if given_mesh is None else given_mesh
        if mesh is None and ctx.legacy_mesh and self.flax_version and self.flax_version < LINEN_LEGACY_MESH_UNTIL:
            mesh = ctx.legacy_mesh[1]
        x = p.get("x", Unknown)
        if isinstance(mesh, MeshV):
            names = p.get("logical_axis_resources")
            spec = self._api_logical_to_mesh_axes(name, row, {"array_dim_names": names, "rules": p.get("rules")},
                                                  act, ctx, site, node, decorating)
            if isinstance(spec, PSpecV):
                self._api_named_sharding(name, row, {"mesh": mesh, "spec": spec, "logical": names}, act, ctx, site,
                                         node, decorating)
                if ctx.innermost("shard_map") is not None:
                    self.constraint(name, x, spec if given_mesh is None else ShardingV(given_mesh, spec), act, ctx,
                                    site, node)
                else:
                    # (`lax.with_sharding_constraint`'s checks: under a vmap, its spmd axes; traced,
                    # a spec longer than the rank; eager, a placement)
                    self.spmd_constraint(name, x, spec, mesh, act, ctx, site, node)
                    self.check_even(ShardingV(mesh, spec), x, "traced_constraint" if ctx.traced else "constraint",
                                    None, act, ctx, site, node, even=not ctx.traced)
        return x

    def _api_struct_create(self, name, row, p, act, ctx, site, node, decorating):
        """`TrainState.create(apply_fn=..., params=..., tx=...)` (on a subclass too): an
        instance holding what it is given."""
        cls = p.get("cls")
        attrs = {k: v for k, v in p.items() if k not in ("kwargs", "cls")}
        extra = p.get("kwargs")
        if isinstance(extra, DictV):
            attrs.update(extra.items)
        return Inst(cls if isinstance(cls, ClassV) else Ext(name.rsplit(".", 1)[0]), attrs)

    def _api_struct_replace(self, name, row, p, act, ctx, site, node, decorating):
        """`state.apply_gradients(grads=...)` / `state.replace(...)`: a copy with those fields."""
        old = p.get("self")
        if not isinstance(old, Inst):
            return Unknown
        extra = p.get("kwargs")
        attrs = {**old.attrs, **(extra.items if isinstance(extra, DictV) else {})}
        return Inst(old.cls, attrs, 0, old.lift, old.setup_done)

    def _api_linen_apply(self, name, row, p, act, ctx, site, node, decorating):
        """`model.apply(variables, *args, method=...)` / `model.init(rngs, *args)`: the method
        runs with the module bound (init runs it too, to create the variables; `tabulate` runs
        init)."""
        model = p.get("self", Unknown)
        if isinstance(model, Inst) and model.setup_done:
            # Each apply binds a clone of the module, whose `setup()` runs again: the layers it
            # makes take this apply's variables (not those of an earlier `init`).
            model = Inst(model.cls, dict(model.attrs), model.version + 1, model.lift)
        method = p.get("method", Const(None))
        args = list(p["args"].items) if isinstance(p.get("args"), Seq) else []
        kwargs = dict(p["kwargs"].items) if hasattr(p.get("kwargs"), "items") else {}
        results = []
        # The module's scope knows whether it is initializing (`self.is_initializing()`).
        init = name.endswith((".init", ".init_with_output", ".tabulate"))
        ctx = ctx.without_mode("linen_apply" if init else "linen_init").in_mode("linen_init" if init else "linen_apply")
        self.norm_stats.append([])
        self.linen_params.append(p.get("variables", Unknown) if not init else Unknown)
        self.linen_keys.append(_init_key(p.get("rngs", Unknown)) if init else None)
        self.linen_logical.append((set(), set(), set()))
        # (under apply the tree names the modules only: a layer's parameters are looked up by its path)
        tree = LinenTree(self.weak) if isinstance(model, Inst) and self.is_linen(model) else None
        if tree is not None:
            tree.place(model, ())
            # (its runs are its own: a memoised run of another init's made none of its variables)
            ctx = ctx.in_mode(f"linen_tree {serial()}")
        self.linen_trees.append(tree)
        try:
            for m in options(method):
                if isinstance(m, Const) and m.value is None:
                    fn = self.getattr(model, "__call__")
                elif isinstance(m, Const) and isinstance(m.value, str):
                    fn = self.getattr(model, m.value)
                else:
                    fn = Bound(m, model)
                results.append(self.call(fn, args, kwargs, act, ctx, site, node,
                                         label=f"{name.rsplit('.', 1)[-1]} {RUNS_MODULE}"))
        finally:
            stats = self.norm_stats.pop()
            self.linen_params.pop()
            self.linen_keys.pop()
            logical, mesh_names, shaped = self.linen_logical.pop()
            self.linen_trees.pop()
        if name.endswith(".init"):
            if logical or mesh_names:
                # the variables, known by the logical names (or mesh axes) their parameters were given
                return LinenVarsV(frozenset(logical), mesh_names=frozenset(mesh_names),
                                  sharding=NO_SHARDING if self.no_mesh_context(ctx, act) else None,
                                  shaped=frozenset(shaped),
                                  collections=frozenset(tree.collections) if tree is not None else frozenset())
            known = tree.result() if tree is not None and len(results) == 1 else None
            return known if known is not None else Unknown
        if name.endswith(".tabulate"):
            return Unknown
        mutable = p.get("mutable")
        result = results[0] if len(results) == 1 else Unknown
        if mutable is not None and not (isinstance(mutable, Const) and mutable.value in (False, None)):
            return Seq((result, _updated(mutable, stats)))
        return result

    def _api_nnx_tabulate(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.tabulate(model, *args, method=...)`: the method runs under jit, as a table of its
        calls is made by lowering them."""
        method = p.get("method", Const("__call__"))
        fn = self.getattr(p.get("obj", Unknown), method.value) \
            if isinstance(method, Const) and isinstance(method.value, str) else Unknown
        if fn is Unknown:
            return Unknown
        args = list(p["input_args"].items) if isinstance(p.get("input_args"), Seq) else []
        kwargs = dict(p["input_kwargs"].items) if isinstance(p.get("input_kwargs"), DictV) else {}
        self._apply_jit(Transformed("jit", fn, {}, site, name), args, kwargs, act, ctx, site, node, TABULATES)
        return Unknown

    # ------------------------------------------------------------------ optimizers

    def _api_array_filter(self, name, row, p, act, ctx, site, node, decorating):
        """`eqx.is_array(x)` and the other filters, called: whether they keep `x`, where known."""
        verdict = _keeps(p.get("element", Unknown), _ARRAY_FILTERS[name])
        return Unknown if verdict is None else Const(verdict)

    def _api_eqx_if_array(self, name, row, p, act, ctx, site, node, decorating):
        """`eqx.if_array(axis)`: an `in_axes` entry of Equinox's filter transformations mapping
        each array at `axis` and leaving the other leaves unmapped (see `transforms._in_axes`)."""
        return Inst(Ext(name), {"axis": p.get("axis", Unknown)})

    def _api_optax_transformation(self, name, row, p, act, ctx, site, node, decorating):
        return Inst(Ext("optax.GradientTransformation"), {"init": p.get("init", Unknown),
                                                         "update": p.get("update", Unknown)})

    def _api_optax_chain(self, name, row, p, act, ctx, site, node, decorating):
        transforms = p.get("args", Unknown)
        return Inst(Ext("optax.GradientTransformation"), {
            "init": Unknown, "update": Partial(Ext("optax.chain.update"), (transforms,), {})})

    def _api_optax_chain_update(self, name, row, p, act, ctx, site, node, decorating):
        """A chain's update: each transformation's update in turn, on what the one before gave."""
        updates, params = p.get("updates", Unknown), p.get("params", Const(None))
        transforms = p.get("transforms")
        for tx in transforms.items if isinstance(transforms, Seq) else ():
            update = self.getattr(tx, "update")
            if not is_callable(update):
                updates = Unknown
                continue
            out = self.call(update, [updates, Unknown, params], {}, act, ctx, site, node,
                            label="the optimizer's chain updates")
            updates = out.items[0] if isinstance(out, Seq) and len(out.items) == 2 else Unknown
        return Seq((updates, Unknown))

    def _api_nnx_optimizer(self, name, row, p, act, ctx, site, node, decorating):
        return Inst(Ext(name), {"model": p.get("model", Unknown), "tx": p.get("tx", Unknown)})

    def _api_nnx_optimizer_update(self, name, row, p, act, ctx, site, node, decorating):
        """`optimizer.update(model, grads)`: its transformation's update of the gradients."""
        update = self.getattr(p.get("self").attrs.get("tx", Unknown), "update") \
            if isinstance(p.get("self"), Inst) else Unknown
        if is_callable(update):
            self.call(update, [p.get("grads", Unknown), Unknown, Unknown], {}, act, ctx, site, node,
                      label="the optimizer updates")
        return Const(None)

    def _api_linen_clone(self, name, row, p, act, ctx, site, node, decorating):
        """`model.clone(**updates)`: an unbound copy of the module with those fields changed (it
        runs `setup()` again when first used)."""
        old = p.get("self")
        if not isinstance(old, Inst):
            return Unknown
        updates = p.get("updates")
        return Inst(old.cls, {**old.attrs, **(updates.items if isinstance(updates, DictV) else {})}, 0, old.lift)

    def params_mapped(self, ctx) -> bool:
        """Whether a Linen `nn.vmap` that maps its module's parameters runs the code (so what
        the module's parameters compute is mapped), with no shard_map or pmap inside it."""
        for layer in reversed(ctx.layers):
            if layer.kind in ("shard_map", "pmap"):
                return False
            if layer.kind == "vmap" and layer.maps_params:
                return True
        return False

    def _api_linen_param(self, name, row, p, act, ctx, site, node, decorating):
        """`self.param(name, init_fn, ...)` of a Linen module: under `init`, a variable of the
        tree it makes; under `apply`, what the variables hold by that name (at any depth: which
        module's it is is not known, so where several subtrees have it, an array varying over the
        axes all of them do, exact where they agree). Under an `nn.vmap` that maps the module's
        parameters, it is mapped."""
        got = self._linen_param(p, act, ctx, site, node)
        return replace(got, vma=got.vma | {BATCHED}) if isinstance(got, ArrayV) and self.params_mapped(ctx) else got

    def _linen_param(self, p, act, ctx, site, node) -> Value:
        from .jaxapi import shared_vma, subtrees

        key = p.get("name")
        made = Unknown
        if "linen_init" in ctx.modes:
            self.initializer_names(p.get("init_fn"))
            made = self._linen_param_made(p, act, ctx, site, node)
        tree = self.linen_tree()
        if "linen_init" in ctx.modes:
            # made: of the shape its initializer is given (`self.param("w", init, (d, n))`), where constant
            given = p.get("init_args")
            shape = _constant(given.items[0]) if isinstance(given, Seq) and given.items else _UNKNOWN
            shape = shape if isinstance(shape, tuple) and all(isinstance(d, int) for d in shape) else None
            self.linen_unboxed(p.get("init_fn"), shape, act, ctx, node)
        if tree is not None and "linen_init" in ctx.modes:
            if isinstance(key, Const) and isinstance(key.value, str):
                tree.record(p.get("self"), key.value, "params", shape, self.weak,
                            NO_SHARDING if self.no_mesh_context(ctx, act) else Unknown,
                            vma_of(made), isinstance(made, ArrayV) and made.exact, tuple(self.linen_stacks))
            else:
                tree.doubt()
        if "linen_apply" not in ctx.modes or not self.linen_params \
                or not (isinstance(key, Const) and isinstance(key.value, str)):
            return made
        vma = split_by(self.linen_params[-1], [p.get("init_fn")])
        if vma is not None:
            return ArrayV(vma=vma, exact=True)
        found = subtrees(self.linen_params[-1], key.value.__eq__)
        if len(found) == 1 and isinstance(found[0], ArrayV):
            return self.one_step(found[0])
        if not found or not all(isinstance(f, ArrayV) for f in found):
            return Unknown
        vma, exact = shared_vma(found)
        return ArrayV(vma=vma, exact=exact)

    def _api_linen_variable(self, name, row, p, act, ctx, site, node, decorating):
        """`self.variable(col, name, init_fn, *init_args)` of a Linen module: a variable whose
        `value`, under `init`, is what `init_fn(*init_args)` makes (Flax calls it with no key: a
        decoding cache's `jnp.zeros(shape, dtype)`); under `apply`, what the collection given
        holds, not known here."""
        tree = self.linen_tree()
        if tree is not None:
            tree.doubt()  # (a variable of a collection the tree does not follow)
            col = p.get("col")
            if "linen_init" in ctx.modes and isinstance(col, Const) and isinstance(col.value, str):
                tree.made_in(col.value, self.weak)
        made = self._initialized(p.get("init_fn", Unknown), [], p.get("init_args"), p.get("init_kwargs"), act, ctx,
                                 site, node, "makes the variable") if "linen_init" in ctx.modes else Unknown
        return Inst(Ext("flax.linen.Variable"), {"value": made})

    def _linen_param_made(self, p: dict, act, ctx, site, node) -> Value:
        """What `self.param(name, init_fn, *init_args)` gives under `init`: the array `init_fn`
        makes of a key and `init_args` (the initializer a partitioning box holds, the box's
        names left to `linen_unboxed`); an array of unknown shape where that is not known."""
        init = p.get("init_fn", Unknown)
        if isinstance(init, Inst) and isinstance(init.cls, Ext) and init.cls.name in (LINEN_PARTITIONED, LINEN_LOGICAL):
            init = init.attrs.get("fn", Unknown)
        key = self.linen_keys[-1] if self.linen_keys and self.linen_keys[-1] is not None else ArrayV((), None)
        made = self._initialized(init, [key], p.get("init_args"), p.get("init_kwargs"), act, ctx, site,
                                 node, "makes the parameter")
        return made if isinstance(made, ArrayV) else ArrayV()

    def _initialized(self, init: Value, lead: list, given: Value, keywords: Value, act, ctx, site, node,
                     label: str) -> Value:
        """What an initializer makes of `lead` (a key, for a parameter's) and the arguments given
        it (`given` a sequence, `keywords` a dict or none); Unknown where either is not known."""
        if not is_callable(init) or not isinstance(given, Seq) or not isinstance(keywords, (DictV, type(None))):
            return Unknown
        return self.call(init, [*lead, *given.items], dict(keywords.items) if keywords else {}, act, ctx, site, node,
                         label=label)

    def _api_linen_initializing(self, name, row, p, act, ctx, site, node, decorating):
        """`self.is_initializing()`: true under `model.init`, false under `model.apply`."""
        if "linen_init" in ctx.modes:
            return Const(True)
        return Const(False) if "linen_apply" in ctx.modes else Unknown

    # ------------------------------------------------------------------ containers

    def _api_sequential(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.Sequential(*layers)` / `eqx.nn.Sequential(layers)`: it holds its layers."""
        layers = p.get("layers")
        return Inst(Ext(name), {"layers": layers if isinstance(layers, Seq) else Unknown})

    def _api_eqx_mlp(self, name, row, p, act, ctx, site, node, decorating):
        """`eqx.nn.MLP(...)`: a module holding its `Linear` layers (made as `eqx.nn.Linear(...)`
        makes them, where every size is known) and its activations (`jax.nn.relu` unless given;
        no final one unless given)."""
        given = {k: v for k, v in p.items() if k not in ("activation", "final_activation", "key")}
        mlp = Inst(Ext(name), given)
        how = layer_output(name, [], given)
        if how:
            mlp.attrs[LAYER_OUTPUT] = Const(how)
        sizes = mlp_layers({k: _constant(v) for k, v in given.items()})
        typed = {"dtype": given["dtype"]} if "dtype" in given else {}  # (each layer is made of it)
        if sizes is not None:
            mlp.attrs["layers"] = Seq(tuple(
                self.call(Ext("equinox.nn.Linear"), [], {**{k: Const(v) for k, v in made.items()}, **typed}, act, ctx,
                          site, node)
                for made in sizes), "tuple")
        activation = p.get("activation")
        mlp.attrs["activation"] = Ext("jax.nn.relu") if activation is None or _is_none(activation) else activation
        final = p.get("final_activation")
        if final is not None and not _is_none(final):
            mlp.attrs["final_activation"] = final
        return mlp

    def _api_eqx_mlp_call(self, name, row, p, act, ctx, site, node, decorating):
        """Calling it runs its layers in turn, its activation after each but the last and its
        final activation after that; where its layers are not known (or are a stack of members'),
        it is a layer the analysis does not run."""
        mlp, x = p.get("self"), p.get("x", Unknown)
        if not isinstance(mlp, Inst):
            return Unknown
        layers = mlp.attrs.get("layers")
        if not isinstance(layers, Seq) or STACKED in mlp.attrs:
            return self.layer_result(mlp, [x], {}, act, ctx, site, node, "runs the MLP")
        last = len(layers.items) - 1
        for i, layer in enumerate(layers.items):
            x = self.call(layer, [x], {}, act, ctx, site, node, label=f"runs layer {i} of the MLP")
            fn = mlp.attrs.get("final_activation" if i == last else "activation")
            if fn is not None:
                x = self.call(fn, [x], {}, act, ctx, site, node, label="runs the MLP's activation")
        return x

    def _api_node_list(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.List(layers)`: a list of them (a pytree node)."""
        it = p.get("it")
        items = [] if it is None or _is_none(it) else self.iterate(it)
        return Seq(tuple(items), "list") if items is not None else Unknown

    def _api_sequential_call(self, name, row, p, act, ctx, site, node, decorating):
        """Calling the container runs each layer on what the one before returned (the first on
        the call's arguments)."""
        layers = p["self"].attrs.get("layers") if isinstance(p.get("self"), Inst) else None
        if not isinstance(layers, Seq):
            return Unknown
        args = list(p["args"].items) if isinstance(p.get("args"), Seq) else [Unknown]
        kwargs = dict(p["kwargs"].items) if isinstance(p.get("kwargs"), DictV) else {}
        for i, layer in enumerate(layers.items):
            out = self.call(layer, args, kwargs if i == 0 else {}, act, ctx, site, node,
                            label=f"runs layer {i} of the Sequential")
            args = [out]
        return args[0]

    # ------------------------------------------------------------------ the NNX-Linen bridge

    def _api_to_linen(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.bridge.to_linen(cls, *args, **kwargs)` / `ToLinen(cls, args=..., kwargs=...)`: a
        Linen module that makes `cls(*args, **kwargs, rngs=...)` when it runs."""
        args, kwargs = p.get("args"), p.get("kwargs")
        if isinstance(args, Const) and args.value == ():
            args = Seq(())
        if kwargs is None or isinstance(kwargs, Const) and kwargs.value is None:
            kwargs = DictV({})
        return Inst(Ext(_TO_LINEN), {"nnx_class": p.get("nnx_class", Unknown),
                                     "args": args if isinstance(args, Seq) else Unknown,
                                     "kwargs": kwargs if isinstance(kwargs, DictV) else Unknown})

    def _api_to_linen_call(self, name, row, p, act, ctx, site, node, decorating):
        """Running it (in a Linen module's `init` or `apply`, or as the module itself): the NNX
        module it makes, called with the arguments. Under `apply`, that module's arrays are the
        variables': they vary as those do (at least)."""
        me = p.get("self")
        cls, args, kwargs = (me.attrs.get(k) for k in ("nnx_class", "args", "kwargs")) if isinstance(me, Inst) \
            else (None, None, None)
        if not (is_callable(cls) and isinstance(args, Seq) and isinstance(kwargs, DictV)):
            return Unknown
        module = self.call(cls, list(args.items), {**kwargs.items, "rngs": Inst(Ext("flax.nnx.Rngs"))},
                           act, ctx, site, node, label="to_linen makes its NNX module")
        if "linen_apply" in ctx.modes and self.linen_params:
            module = varying_with(module, vma_of(self.linen_params[-1]))
        call_args = list(p["args"].items) if isinstance(p.get("args"), Seq) else []
        call_kwargs = dict(p["kwargs"].items) if isinstance(p.get("kwargs"), DictV) else {}
        return self.call(module, call_args, call_kwargs, act, ctx, site, node, label="to_linen runs its NNX module")

    def _api_to_nnx(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.bridge.ToNNX(linen_module, rngs=...)`: an NNX module that runs the Linen one."""
        return Inst(Ext(_TO_NNX), {"to_nnx__module": p.get("module", Unknown)})

    def _api_to_nnx_call(self, name, row, p, act, ctx, site, node, decorating):
        """Calling it: the Linen module's method (`method=`, else `__call__`) applied to its
        variables (as they came through a shard_map, where they did)."""
        me = p.get("self")
        if not isinstance(me, Inst):
            return Unknown
        own = me.attrs.get("__vma__")
        variables = ArrayV(vma=own, exact=me.attrs.get("__exact__") is True) if own else Unknown
        bound = {"self": me.attrs.get("to_nnx__module", Unknown), "variables": variables,
                 "args": p.get("args", Seq(())), "kwargs": p.get("kwargs", DictV({})),
                 "method": p.get("method", Const(None))}
        return self._api_linen_apply(f"{_LINEN}Module.apply", row, bound, act, ctx, site, node, decorating)

    def _api_bridge_lazy_init(self, name, row, p, act, ctx, site, node, decorating):
        """`nnx.bridge.lazy_init(model, *args)` (or `model.lazy_init(*args)`): the wrapped Linen
        module's `init` on the arguments; the model is returned."""
        fn = p.get("fn", Unknown)
        if isinstance(fn, Inst) and isinstance(fn.cls, Ext) and fn.cls.name == _TO_NNX:
            bound = {"self": fn.attrs.get("to_nnx__module", Unknown), "rngs": Unknown,
                     "args": p.get("args", Seq(())), "kwargs": p.get("kwargs", DictV({})), "method": Const(None)}
            self._api_linen_apply(f"{_LINEN}Module.init", row, bound, act, ctx, site, node, decorating)
        return fn

    def _api_lambda_layer(self, name, row, p, act, ctx, site, node, decorating):
        """`eqx.nn.Lambda(fn)`: a layer that holds a function."""
        return Inst(Ext(name), {"fn": p.get("fn", Unknown)})

    def _api_lambda_layer_call(self, name, row, p, act, ctx, site, node, decorating):
        """Calling it calls its function on the input (the key is not passed on)."""
        layer = p.get("self")
        fn = layer.attrs.get("fn", Unknown) if isinstance(layer, Inst) else Unknown
        return self.call(fn, [p.get("x", Unknown)], {}, act, ctx, site, node, label="runs the Lambda's function")

    # ------------------------------------------------------------------ normalization layers

    def _api_norm_layer(self, name, row, p, act, ctx, site, node, decorating):
        """A BatchNorm layer of a framework: it averages its statistics over `axis_name` (a
        `pmean`) when it runs in training mode. A Linen one is named, and makes its variables,
        as the table's layers do."""
        layer = Inst(Ext(name), dict(p))
        if name.startswith(_LINEN):
            extra = p.get("kw")
            given = {k: v for k, v in p.items() if k != "kw"}
            self.linen_layer_made(layer, name, [], {**given, **(extra.items if isinstance(extra, DictV) else {})})
        return layer

    def synced_norm(self, layer: Inst, act, ctx, site, node) -> None:
        """A Flax normalization other than BatchNorm given `axis_name` (LayerNorm, RMSNorm,
        GroupNorm, InstanceNorm; Linen's and NNX's): it averages its statistics over that axis
        (a `pmean`) whenever it runs, under `init` too (BatchNorm skips it there)."""
        axis = layer.attrs.get("axis_name")
        if layer.cls.name in _SYNCED_NORMS and axis is not None and not _is_none(axis):
            from .jaxapi import axis_tuple

            self.record(CollectiveEvent(site, ctx, act.path, node, api="jax.lax.pmean", kind="collective",
                                        axes=axis_tuple(axis), axis_value=axis))

    def _api_linen_attend(self, name, row, p, act, ctx, site, node, decorating):
        """`embed.attend(query)` (tied output embeddings): the query times the table, transposed
        (a logit per embedding), varying as both do."""
        me, query = p.get("self"), p.get("query", Unknown)
        if not (isinstance(me, Inst) and isinstance(query, ArrayV)):
            return Unknown
        n = me.attrs.get("num_embeddings")
        known = dict(me.attrs[LINEN_ARGS].value) if isinstance(me.attrs.get(LINEN_ARGS), Const) else {}
        n = known.get("num_embeddings", n.value if isinstance(n, Const) else None)
        shape = (*query.shape[:-1], n) if query.shape is not None and isinstance(n, int) else None
        own = frozenset(me.attrs.get("__vma__", frozenset()))
        return ArrayV(shape, vma=query.vma | own,
                      exact=me.attrs.get("__exact__") is True and exact_vma(query))

    def _api_norm_call(self, name, row, p, act, ctx, site, node, decorating):
        layer = p.get("self")
        attrs = layer.attrs if isinstance(layer, Inst) else {}
        axis = attrs.get("axis_name")
        equinox = name.startswith("equinox.")
        mode = "inference" if equinox else "use_running_average"
        given_mode = p.get(mode)
        stats = given_mode if given_mode is not None and not _is_none(given_mode) else attrs.get(mode)
        x = p.get("x")
        out = ArrayV(x.shape, dtypes.layer_output(layer.cls.name, x, attrs) if isinstance(layer, Inst) else None,
                     vma=x.vma, exact=x.exact) if isinstance(x, ArrayV) else ArrayV()
        initializing = name.startswith("flax.linen.") and "linen_init" in ctx.modes  # Linen skips the sync then
        if initializing and isinstance(layer, Inst):
            self.linen_layer_runs(layer, x, act, ctx, node)
        training = not initializing and isinstance(stats, Const) and stats.value is False
        from .jaxapi import axis_tuple

        if axis is not None and training and not _is_none(axis):
            self.record(CollectiveEvent(site, ctx, act.path, node, api="jax.lax.pmean", kind="collective",
                                        axes=axis_tuple(axis), axis_value=axis))
        if training and self.norm_stats and isinstance(x, ArrayV):
            # the batch statistics it stores vary as the batch does, but over the axes it averages
            axes = frozenset() if axis is None or _is_none(axis) else frozenset(axis_tuple(axis) or ())
            if axis is None or _is_none(axis) or axis_tuple(axis) is not None:
                self.norm_stats[-1].append(x.vma - axes)
        return Seq((out, p.get("state", Unknown))) if equinox else out

    def _api_module_mode(self, name, row, p, act, ctx, site, node, decorating):
        """`model.eval()` / `model.train()` of an NNX module: its BatchNorm layers use (or stop
        using) their running averages."""
        set_norm_mode(p.get("self"), "use_running_average", Const(name.endswith(".eval")), copy=False)
        return Const(None)

    def _api_inference_mode(self, name, row, p, act, ctx, site, node, decorating):
        value = p.get("value", Const(True))
        return set_norm_mode(p.get("pytree", Unknown), "inference", value, copy=True)

    def _api_make_with_state(self, name, row, p, act, ctx, site, node, decorating):
        return Factory("make_with_state", {"model": p.get("make_model", Unknown)}, site, name)

    def make_with_state(self, f: Factory, args, kwargs, act, ctx, site, node) -> Value:
        """`eqx.nn.make_with_state(Model)(...)`: (the model, its state)."""
        model = self.call(f.params["model"], args, kwargs, act, ctx, site, node)
        return Seq((model, Unknown))

    # ------------------------------------------------------------------ modules

    def is_linen(self, inst: Value) -> bool:
        return isinstance(inst, Inst) and isinstance(inst.cls, ClassV) and any(
            value_name(o) in LINEN_MODULES for c in mro(inst.cls) for b in c.bases for o in options(b))

    def is_linen_module(self, v: Value) -> bool:
        """A Linen module: of a program's class, or one of Flax's layers."""
        return self.is_linen(v) or isinstance(v, Inst) and isinstance(v.cls, Ext) and v.cls.name.startswith(_LINEN) \
            and v.cls.name.rsplit(".", 1)[-1][:1].isupper()

    def ensure_setup(self, inst: Inst, func: Value, act, ctx, site, node) -> None:
        """A Linen module runs `setup()` before the first of its other methods."""
        if inst.setup_done or not self.is_linen(inst):
            return
        inst.setup_done = True
        setup = self.class_attr(inst.cls, "setup", inst)
        if isinstance(setup, Bound) and setup.func is not func:
            with self.linen_running(inst, in_setup=True):
                self.call(setup, [], {}, act, ctx, site, node, label="runs setup()")

    # ------------------------------------------------------------------ the variables a Linen init makes

    def linen_tree(self) -> LinenTree | None:
        """The tree of variables of the Linen `init` running (the innermost), if one is."""
        return self.linen_trees[-1] if self.linen_trees else None

    @contextmanager
    def linen_running(self, module: Value, in_setup: bool = False):
        """A method of a Linen module (or its `setup()`) runs: the modules it makes are its
        children. One without a path in the init's tree makes the tree not known."""
        tree = self.linen_tree()
        path = tree.path(module) if tree is not None and self.is_linen(module) else None
        if tree is not None and path is None and self.is_linen(module):
            tree.doubt()
        if path is None or tree.stack and tree.stack[-1][0] is module:
            yield  # (another method of the module running: as that one runs, in setup() or not)
            return
        tree.stack.append((module, path, in_setup))
        try:
            yield
        finally:
            tree.stack.pop()

    def linen_made(self, module: Inst, cls_name: str, kwargs: dict) -> None:
        """A Linen module is made while an init runs: its name in the tree."""
        tree = self.linen_tree()
        if tree is None:
            return
        given = kwargs.get("name")
        name = None if given is None or _is_none(given) else given.value \
            if isinstance(given, Const) and isinstance(given.value, str) else UNKNOWN
        tree.named(module, cls_name, name, self.weak)

    def initializer_names(self, init: Value) -> None:
        """The names an initializer of `nn.with_logical_partitioning`/`nn.with_partitioning`
        gives the parameter it makes, noted for the `init` running. One made before the `init`
        ran (a module constant, a field's default) is noted where a parameter is made with it."""
        names = self._stacked_names(_box_names(init))
        if self.linen_logical and names is not None:
            if init.cls.name == LINEN_LOGICAL:
                self.linen_logical[-1][0].add(tuple(n.value for n in names))
            else:
                self.linen_logical[-1][1].add(names)

    def _stacked_names(self, names: tuple | None) -> tuple | None:
        """A box's names as the boxes `init` returns hold them: each `nn.scan` around that stacks
        the parameter puts its axis's name (`metadata_params={nn.PARTITION_NAME: name}`, else
        None) first; None where how one stacks it is not known."""
        if names is None or None in self.linen_stacks:
            return None
        return (*(name for name, _ in filter(None, self.linen_stacks)), *names)

    def linen_layer_made(self, layer: Inst, name: str, args: list, kwargs: dict) -> None:
        """A Linen layer the tree knows is made while an init or apply runs: its name, and the
        constant arguments its variables' shapes follow from (none where more are given by
        position than the table names); the names its initializers give its parameters."""
        for k, v in kwargs.items():
            if k.endswith("_init"):
                self.initializer_names(v)
        row = LINEN_LAYERS.get(name)
        if self.linen_tree() is None or row is None:
            return
        if len(args) <= len(row[0]):
            given = {**dict(zip(row[0], args)), **kwargs}
            layer.attrs[LINEN_ARGS] = Const(tuple(sorted((k, _constant(v)) for k, v in given.items())))
        self.linen_made(layer, name.rsplit(".", 1)[-1], kwargs)

    def linen_layer_runs(self, layer: Inst, x: Value, act, ctx, node) -> None:
        """A Linen layer runs (at `node`) while an init does: the variables it makes, shaped as
        the table says from its input's shape, each read through its initializer's box (see
        `linen_unboxed`). A layer the table does not know makes the tree not known."""
        if "linen_init" not in ctx.modes:
            return
        row, known = LINEN_LAYERS.get(layer.cls.name), layer.attrs.get(LINEN_ARGS)
        made = row[1](dict(known.value), x.shape if isinstance(x, ArrayV) else None) \
            if row is not None and isinstance(known, Const) else None
        shapes: dict = {}  # the shapes of the parameters each initializer makes
        for key, (_, shape) in (made or {}).items():
            shapes.setdefault(_initializer(layer, key), set()).add(shape)
        for k, v in layer.attrs.items():
            if k.endswith("_init"):
                for shape in shapes.get(k) or (None,):
                    self.linen_unboxed(v, shape, act, ctx, node)
        tree = self.linen_tree()
        if tree is None:
            return
        if made is None:
            tree.doubt()
            return
        sharding = NO_SHARDING if self.no_mesh_context(ctx, act) else Unknown
        for k, (collection, shape) in made.items():
            tree.record(layer, k, collection, shape, self.weak, sharding, stacks=tuple(self.linen_stacks))

    def base_method(self, inst: Inst, attr: str) -> Value:
        """A method an instance inherits from a framework class outside the analysed source
        (`model.apply` of a Linen module, `layer(x)` of a BatchNorm), where the API table has a
        row for it."""
        from .. import apis

        if isinstance(inst.cls, Ext):
            if inst.cls.name in _RNGS and self.flax_version >= RNGS_RANDOM_METHODS:
                if attr in _RANDOM_METHODS:
                    return Bound(Ext(f"jax.random.{attr}"), ArrayV((), "key"))  # (given the next key)
                if inst.cls.name == "flax.nnx.Rngs" and not attr.startswith("_") and attr not in _RNGS_OWN:
                    return Inst(Ext("flax.nnx.RngStream"))  # `rngs.params`: a stream
            full = apis.canonical(f"{inst.cls.name}.{attr}")
            return Bound(Ext(full), inst) if full in apis.API else Unknown
        if not isinstance(inst.cls, ClassV):
            return Unknown
        for c in mro(inst.cls):
            for b in c.bases:
                for o in options(b):
                    name = value_name(o)
                    if name is not None and not isinstance(o, ClassV):
                        full = apis.canonical(f"{name}.{attr}")
                        if full not in apis.API and name.startswith(_LINEN) and name[len(_LINEN):][:1].isupper():
                            full = f"{_LINEN}Module.{attr}"  # a Linen layer is a Module (`class D(nn.Dense)`)
                        if full in apis.API:
                            return Bound(Ext(full), inst)
        return Unknown

    def base_class_attr(self, cls: ClassV, attr: str) -> Value:
        """An attribute a class inherits from a framework class outside the analysed source
        (`TrainState.create` of a subclass of Flax's TrainState)."""
        from .. import apis

        for c in mro(cls):
            for b in c.bases:
                for o in options(b):
                    name = value_name(o)
                    if name is not None and not isinstance(o, ClassV):
                        full = apis.canonical(f"{name}.{attr}")
                        row = apis.API.get(full)
                        if row is not None:
                            return Bound(Ext(full), cls) if row.kind == "struct_create" else Ext(full)
        return Unknown

    def lifted_method(self, inst: Inst, attr: str, v: Value) -> Value:
        """A method of an instance of a lifted Linen class runs under the lift."""
        lift = inst.lift
        if not isinstance(lift, Lifted) or attr not in lift.methods:
            return v
        if isinstance(v, Bound) or v is Unknown and lift.api == MAP_VARIABLES:
            # (a method of a framework base class, not followed: its variables are still mapped)
            return Transformed(lift.kind, v, lift.params, lift.site, lift.api)
        return v

    def lift_class(self, kind: str, cls: ClassV | Lifted, params: dict, site, api: str) -> Lifted:
        methods = params.get("methods")
        names = tuple(i.value for i in methods.items if isinstance(i, Const)) if isinstance(methods, Seq) else (
            ("__call__",) if not (isinstance(methods, Const) and isinstance(methods.value, str)) else (methods.value,))
        return Lifted(cls, kind, params, site, api, names)


# Equinox's leaf filters: which leaves `eqx.partition` keeps.
_ARRAY_FILTERS = {"equinox.is_array": "array", "equinox.is_inexact_array": "inexact",
                  "equinox.is_array_like": "array_like"}


def _keeps(leaf: Value, kind: str) -> bool | None:
    """Whether an Equinox array filter keeps `leaf` (None: not known)."""
    if isinstance(leaf, ArrayV):
        if kind != "inexact":
            return True
        if leaf.dtype is None:
            return None
        return leaf.dtype.startswith(("float", "bfloat", "complex"))
    if isinstance(leaf, Const):
        return kind == "array_like" and isinstance(leaf.value, (bool, int, float, complex))
    return None if leaf is Unknown or isinstance(leaf, Multi) else False


def _eqx_part(tree: Value, spec: Value, keep: bool, seen: dict) -> Value:
    """The part of `tree` an Equinox partition by `spec` gives: the leaves whose verdict is
    `keep`, the others None. `spec` is a pytree prefix of `tree` (the "freeze these layers"
    idiom: `jax.tree.map(lambda _: False, model)` with some parts set True), whose leaves are
    bools (for the whole subtree) or array filters (`eqx.is_array`, for each leaf); a part it
    says nothing known of stays as it is in both parts."""
    if isinstance(spec, Const) and isinstance(spec.value, bool):
        return _filtered(tree, lambda _: spec.value, keep, seen)
    if isinstance(spec, Ext) and spec.name in _ARRAY_FILTERS:
        kind = _ARRAY_FILTERS[spec.name]
        return _filtered(tree, lambda leaf: _keeps(leaf, kind), keep, seen)
    if isinstance(tree, Inst) and isinstance(spec, Inst) and (spec.cls is tree.cls or isinstance(spec.cls, Ext) and (
            isinstance(tree.cls, Ext) and spec.cls.name == tree.cls.name)):
        if id(tree) not in seen:
            attrs = dict(tree.attrs)
            shapes = tree.attrs.get(LAYER_SHAPES)
            for k, _ in shapes.value if isinstance(shapes, Const) else ():
                # (a framework layer's parameters, each judged on its own)
                if k in spec.attrs and k not in attrs and (held := param_array(tree, k)) is not None:
                    attrs[k] = held
            out = seen[id(tree)] = Inst(tree.cls, {}, tree.version + 1, tree.lift, tree.setup_done)
            out.attrs.update({k: v if k.startswith("__") or k not in spec.attrs else
                              _eqx_part(v, spec.attrs[k], keep, seen) for k, v in attrs.items()})
        return seen[id(tree)]
    if isinstance(tree, Seq) and isinstance(spec, Seq) and len(spec.items) == len(tree.items):
        return Seq(tuple(_eqx_part(i, s, keep, seen) for i, s in zip(tree.items, spec.items)), tree.kind)
    if isinstance(tree, DictV) and isinstance(spec, DictV) and spec.items.keys() == tree.items.keys():
        return DictV({k: _eqx_part(v, spec.items[k], keep, seen) for k, v in tree.items.items()})
    return tree


def _filtered(tree: Value, verdict, keep: bool, seen: dict) -> Value:
    """The part of `tree` whose leaves' `verdict(leaf)` is `keep`, the others None (a leaf of
    unknown verdict, None, stays as it is)."""
    if isinstance(tree, Inst):
        if id(tree) not in seen:
            out = seen[id(tree)] = Inst(tree.cls, {}, tree.version + 1, tree.lift, tree.setup_done)
            out.attrs.update({k: v if k.startswith("__") else _filtered(v, verdict, keep, seen)
                              for k, v in tree.attrs.items()})
        return seen[id(tree)]
    if isinstance(tree, Seq):
        return Seq(tuple(_filtered(i, verdict, keep, seen) for i in tree.items), tree.kind)
    if isinstance(tree, DictV):
        return DictV({k: _filtered(v, verdict, keep, seen) for k, v in tree.items.items()})
    if isinstance(tree, Const) and tree.value is None:
        return tree
    said = verdict(tree)
    return tree if said is None or said == keep else Const(None)


def _combined(trees: list, seen: dict) -> Value:
    """Equinox's combine of same-structured trees: each leaf from the first where it is not None."""
    first = trees[0]
    if isinstance(first, Inst) and all(isinstance(t, Inst) and t.cls is first.cls for t in trees):
        key = tuple(id(t) for t in trees)
        if key not in seen:
            out = seen[key] = Inst(first.cls, {}, first.version + 1, first.lift, first.setup_done)
            for k in dict.fromkeys(k for t in trees for k in t.attrs):
                values = [t.attrs[k] for t in trees if k in t.attrs]
                out.attrs[k] = values[0] if k.startswith("__") else _combined(values, seen)
        return seen[key]
    if isinstance(first, Seq) and all(isinstance(t, Seq) and len(t.items) == len(first.items) for t in trees):
        return Seq(tuple(_combined([t.items[i] for t in trees], seen) for i in range(len(first.items))), first.kind)
    if isinstance(first, DictV) and all(isinstance(t, DictV) and t.items.keys() == first.items.keys() for t in trees):
        return DictV({k: _combined([t.items[k] for t in trees], seen) for k in first.items})
    return next((t for t in trees if not (isinstance(t, Const) and t.value is None)), first)


def static_rules(v: Value) -> AxisRulesV:
    """Logical axis rules as Flax takes them, `((logical name, mesh axis | axes | None), ...)`:
    static when every entry is."""
    if not isinstance(v, Seq):
        return AxisRulesV(None)
    rules, targets = [], []
    for item in v.items:
        if not (isinstance(item, Seq) and len(item.items) == 2 and isinstance(item.items[0], Const)
                and isinstance(item.items[0].value, str)):
            return AxisRulesV(None)
        target = item.items[1]
        axes = target.items if isinstance(target, Seq) else (target,)
        if not all(isinstance(a, Const) and (a.value is None or isinstance(a.value, str)) for a in axes):
            return AxisRulesV(None)
        rules.append((item.items[0].value, tuple(a.value for a in axes) if isinstance(target, Seq) else target.value))
        targets.append(target)
    return AxisRulesV(tuple(rules), tuple(targets))


def logical_to_mesh(names: list, rules: tuple) -> list | None:
    """Flax's mapping of one array's logical dimension names to mesh axes, as the index of the
    rule each dimension takes: rules in order, each giving its mesh axes to the dimension of its
    name unless that one has some already or another dimension took one of them; a dimension
    no rule gives axes is unsharded (None). None where Flax raises: a name repeated."""
    strings = [n for n in names if isinstance(n, str)]
    if len(strings) != len(set(strings)):
        return None

    def axes(mesh) -> set:
        return {a for a in (mesh if isinstance(mesh, tuple) else (mesh,)) if a is not None}

    chosen: list = [None] * len(names)
    for i, (logical, mesh) in enumerate(rules):
        if logical not in names:
            continue
        pos = names.index(logical)
        used = set().union(*(axes(rules[c][1]) for c in chosen if c is not None))
        if chosen[pos] is None and not axes(mesh) & used:
            chosen[pos] = i
    return chosen


def linen_stacking(p: dict, length) -> tuple | None:
    """How an `nn.scan` (its parameters `p`, its length where known) stacks the parameters made
    under it: () where it does not (they are broadcast), else (the name its `metadata_params`
    give the new leading axis, a Const (of None where none), the length); None where that is not
    known (a variable axis other than 0)."""
    axes = p.get("variable_axes")
    if not isinstance(axes, DictV):
        return None
    axis = axes.items.get("params")
    if axis is None:
        return ()
    if not (isinstance(axis, Const) and axis.value == 0):
        return None
    meta = p.get("metadata_params", Const(None))
    if not (_is_none(meta) or isinstance(meta, DictV)):
        return None
    name = meta.items.get("partition_name", Const(None)) if isinstance(meta, DictV) else Const(None)
    if not (isinstance(name, Const) and (name.value is None or isinstance(name.value, str))):
        return None
    return name, length


def _init_key(rngs: Value) -> ArrayV:
    """The key a Linen init makes its parameters with, of the keys it is given (one, or a dict
    of them by stream): varying over the axes they vary over, exactly where each is known."""
    keys = list(rngs.items.values()) if isinstance(rngs, DictV) else [rngs]
    arrays = [k for k in keys if isinstance(k, ArrayV)]
    return ArrayV((), None, vma=frozenset().union(*(k.vma for k in arrays)),
                  exact=len(arrays) == len(keys) and all(k.exact for k in arrays))


def _initializer(layer: Inst, key) -> str:
    """The keyword of a Linen layer's initializer for its variable `key` (a name, or a path
    through its own submodules): `kernel_init` for `kernel`; an attention's output projection's
    `out_kernel_init` (`out_bias_init`) where given, else `kernel_init` (`bias_init`)."""
    name = key[-1] if isinstance(key, tuple) else key
    own = f"out_{name}_init"
    if isinstance(key, tuple) and key[0] == "out" and not _is_none(layer.attrs.get(own, Const(None))):
        return own
    return f"{name}_init"


def _box_names(init: Value) -> tuple | None:
    """The names (Consts) an initializer of `nn.with_partitioning`/`nn.with_logical_partitioning`
    gives the parameters it makes, where static; None for another initializer."""
    if isinstance(init, Inst) and isinstance(init.cls, Ext) and init.cls.name in (LINEN_PARTITIONED, LINEN_LOGICAL) \
            and isinstance(init.attrs.get("names"), Seq):
        return init.attrs["names"].items
    return None


def _paired(made: dict, shaped: frozenset, box: str, variables: Value = Unknown) -> Value:
    """The shardings `made` for the names of the parameters `shaped` (LinenVarsV's) made with
    the initializer `box`, each with its parameter's shape, and shaped as `variables` where
    made of them; Unknown where there is none."""
    pairs = tuple((made[names], shape) for kind, names, shape in sorted(shaped, key=repr)
                  if kind == box and names in made)
    if not pairs:
        return Unknown
    if isinstance(variables, LinenVarsV):
        return LinenShardingsV(pairs, True, variables.collections, variables.within)
    return LinenShardingsV(pairs)


def _linen_vars(v: Value, seen: set):
    """The Linen variables (`LinenVarsV`) in a pytree: containers, objects' attributes."""
    if isinstance(v, LinenVarsV):
        yield v
    elif isinstance(v, (Seq, DictV)):
        for i in (v.items if isinstance(v, Seq) else v.items.values()):
            yield from _linen_vars(i, seen)
    elif isinstance(v, Inst) and id(v) not in seen:
        seen.add(id(v))
        for i in v.attrs.values():
            yield from _linen_vars(i, seen)
    elif isinstance(v, Multi):
        for o in v.options:
            yield from _linen_vars(o, seen)


def _flattened(v: Value, path: tuple) -> list | None:
    """(path, leaf) of each leaf of a nested dict, in order; None where a leaf may be a dict."""
    if isinstance(v, DictV):
        out = []
        for k, i in v.items.items():
            found = _flattened(i, (*path, k))
            if found is None:
                return None
            out += found
        return out
    if not path or v is Unknown or isinstance(v, Multi) or isinstance(v, Inst) and DICT_ITEMS in v.attrs:
        return None
    return [(path, v)]


def _static_names(names: Value) -> tuple | None:
    """The names written in a tuple of axis names (each a string or None), where all are known."""
    items = names.items if isinstance(names, Seq) else None
    if items is None or not all(isinstance(n, Const) and (n.value is None or isinstance(n.value, str))
                                for n in items):
        return None
    return tuple(items)


def _statement_holding(body_of: ast.AST, node: ast.AST) -> ast.stmt | None:
    """The innermost statement of `body_of`'s body (a function's) whose lines hold `node`."""
    def holds(st) -> bool:
        return isinstance(st, ast.stmt) and st.lineno <= node.lineno <= (st.end_lineno or st.lineno)

    found, blocks = None, [getattr(body_of, "body", None)]
    while True:
        st = next((s for b in blocks if isinstance(b, list) for s in b if holds(s)), None)
        if st is None:
            return found
        found = st
        blocks = [getattr(st, f, None) for f in ("body", "orelse", "finalbody")] + [
            h.body for h in getattr(st, "handlers", ())]


def split_by(variables: Value, inits: list) -> frozenset | None:
    """The manual axes a Linen parameter made by one of `inits` varies over, where `variables`
    came into the shard_map split by their own boxes: those `nn.with_partitioning` names (none
    for an initializer that names none). None where not known: the variables came otherwise, or
    an initializer's names are logical ones or not known."""
    if not (isinstance(variables, LinenVarsV) and variables.split is not None):
        return None
    axes = set()
    for v in inits:
        if isinstance(v, Inst) and isinstance(v.cls, Ext) and v.cls.name in (LINEN_PARTITIONED, LINEN_LOGICAL):
            names = v.attrs["names"]
            if v.cls.name == LINEN_LOGICAL or not isinstance(names, Seq):
                return None
            axes |= {n.value for n in names.items if isinstance(n.value, str)}
    return frozenset(axes) & variables.split


def _partitioned(v: Value) -> bool:
    """Whether `v` is an initializer `nnx.with_partitioning` made (its variables' metadata)."""
    return isinstance(v, Inst) and isinstance(v.cls, Ext) and v.cls.name == PARTITIONED


def variable_metadata(value: Value) -> Inst | None:
    """The metadata a variable made of `value` takes from it: Flax's `VariableMetadata` (what an
    `nnx.with_partitioning` initializer called itself returns), which carries the array as
    `value` and the sharding as an initializer's; None for another value."""
    if isinstance(value, Inst) and isinstance(value.cls, Ext) and value.cls.name == PARTITIONED \
            and "value" in value.attrs:
        return value
    return None


def variable_sharding(kwargs: dict) -> Inst | None:
    """The sharding metadata of `nnx.Param(value, sharding=spec, ...)`, given its keywords, as
    an `nnx.with_partitioning` initializer carries it; None where it is given none."""
    given = [kwargs[k] for k in _VARIABLE_SHARDING if k in kwargs and not _is_none(kwargs[k])]
    if not given:
        return None
    meta = {"sharding": given[0], "mesh": kwargs.get("mesh", Const(None))}
    meta.update({k: kwargs[k] for k in ("eager_sharding", "sharding_rules") if k in kwargs})
    return Inst(Ext(PARTITIONED), meta)


def _assign(dst: Value, src: Value, seen: set) -> None:
    """`dst`'s variables (a module, its submodules, lists of them) given the arrays of `src`'s of
    the same names, in place; where `src` has none, not known."""
    if isinstance(dst, Seq):
        items = src.items if isinstance(src, Seq) and len(src.items) == len(dst.items) else (Unknown,) * len(dst.items)
        for d, s in zip(dst.items, items):
            _assign(d, s, seen)
    elif isinstance(dst, Inst) and id(dst) not in seen:
        seen.add(id(dst))
        if is_variable(dst):
            new = src.attrs.get("value") if is_variable(src) else None
            if isinstance(new, ArrayV):
                dst.attrs["value"] = new
                dst.version += 1
            else:
                _unplace(dst, seen - {id(dst)})
            return
        for k, a in list(dst.attrs.items()):
            if isinstance(a, Value) and not k.startswith("__"):
                _assign(a, src.attrs.get(k, Unknown) if isinstance(src, Inst) else Unknown, seen)
        if isinstance(dst.attrs.get(LAYER_TYPES), Const):
            dst.attrs[LAYER_TYPES] = Const(tuple((k, _param_type(src, k)) for k, _ in dst.attrs[LAYER_TYPES].value))
            dst.version += 1


def param_array(layer: Inst, name: str) -> ArrayV | None:
    """The array a framework layer holds as its parameter `name`: the one it was given (a
    variable's; the state's where one was given: `nnx.merge`), else one of the shape its
    constructor says, of the type its constructor's word gives it; None where not known."""
    from .transforms import layer_param

    held = layer_param(layer, name)
    held = variable_array(held) if is_variable(held) else held
    if not isinstance(held, ArrayV):
        return None
    if name in layer.attrs:
        return held
    types = layer.attrs.get(LAYER_TYPES)
    return ArrayV(held.shape, held.dtype, NO_SHARDING if layer.attrs.get(MESHLESS) is not None else Unknown,
                  vma=frozenset(layer.attrs.get("__vma__", frozenset())), exact=layer.attrs.get("__exact__") is True,
                  spec=dict(types.value).get(name) if isinstance(types, Const) else None)


def _param_type(src: Value, name: str):
    """The sharding type `src` (a framework layer) gives its parameter `name`; None where not
    known."""
    held = param_array(src, name) if isinstance(src, Inst) else None
    return held.spec if held is not None else None


def _unplace(v: Value, seen: set) -> None:
    """Forget where the arrays of `v`'s variables (a module, its submodules) are placed, in place."""
    if isinstance(v, (Seq, Multi)):
        for i in v.items if isinstance(v, Seq) else v.options:
            _unplace(i, seen)
    elif isinstance(v, Inst) and id(v) not in seen:
        seen.add(id(v))
        if is_variable(v) and isinstance(v.attrs.get("value"), ArrayV):
            v.attrs["value"] = replace(v.attrs["value"], sharding=Unknown, spec=None)
            v.version += 1
        if isinstance(v.attrs.get(LAYER_TYPES), Const):
            v.attrs[LAYER_TYPES] = Const(tuple((k, None) for k, _ in v.attrs[LAYER_TYPES].value))
            v.version += 1
        for a in list(v.attrs.values()):
            if isinstance(a, Value):
                _unplace(a, seen)


def _is_none(v) -> bool:
    return isinstance(v, Const) and v.value is None


_NORMS = ("flax.linen.BatchNorm", "flax.nnx.BatchNorm", "equinox.nn.BatchNorm")
_SYNCED_NORMS = frozenset(f"flax.{api}.{norm}" for api in ("linen", "nnx")
                          for norm in ("LayerNorm", "RMSNorm", "GroupNorm", "InstanceNorm"))
# Norms whose output is typed as an elementwise operation of the input and their parameters.
_AFFINE_NORMS = ("equinox.nn.LayerNorm", "equinox.nn.RMSNorm", "flax.nnx.LayerNorm", "flax.nnx.RMSNorm")
_DROPOUTS = ("equinox.nn.Dropout", "flax.nnx.Dropout")
LINEN_DENSE = ("flax.linen.Dense", "flax.linen.DenseGeneral")  # (their products take no out_sharding)


def set_norm_mode(tree: Value, attr: str, value: Value, copy: bool, seen: dict | None = None) -> Value:
    """The module tree with every BatchNorm's `attr` set to `value`: in place (NNX's
    `model.eval()`), or as a copy (Equinox's `inference_mode` returns a new model)."""
    seen = {} if seen is None else seen
    if id(tree) in seen:
        return seen[id(tree)]
    if isinstance(tree, Inst):
        out = Inst(tree.cls, dict(tree.attrs), tree.version, tree.lift, tree.setup_done) if copy else tree
        seen[id(tree)] = out
        if isinstance(tree.cls, Ext) and tree.cls.name in _NORMS:
            out.attrs[attr] = value
        for k, v in list(out.attrs.items()):
            out.attrs[k] = set_norm_mode(v, attr, value, copy, seen)
        out.version += 1
        return out
    if isinstance(tree, Seq):
        return Seq(tuple(set_norm_mode(i, attr, value, copy, seen) for i in tree.items), tree.kind)
    if isinstance(tree, DictV):
        return DictV({k: set_norm_mode(v, attr, value, copy, seen) for k, v in tree.items.items()}, tree.origin)
    return tree


def _where_paths(where) -> list[tuple] | None:
    """The paths (attribute names and constant indices) a `lambda m: m.a.b` or
    `lambda m: (m.a, m.b[0])` selects from its argument; None when it is anything else."""
    node = getattr(getattr(where, "scope", None), "node", None)
    if not isinstance(node, ast.Lambda) or len(node.args.args) != 1:
        return None
    arg = node.args.args[0].arg
    body = node.body
    parts = body.elts if isinstance(body, (ast.Tuple, ast.List)) else [body]
    out = []
    for part in parts:
        path: list = []
        while True:
            if isinstance(part, ast.Attribute):
                path.append(part.attr)
                part = part.value
            elif isinstance(part, ast.Subscript) and _literal_key(part.slice) is not None:
                path.append((_literal_key(part.slice),))
                part = part.value
            else:
                break
        if not (isinstance(part, ast.Name) and part.id == arg) or not path:
            return None
        out.append(tuple(reversed(path)))
    return out


def _literal_key(node) -> int | str | None:
    """The int or str a subscript's literal key is (`[0]`, `[-1]`, `["w"]`); None for another."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) is int:
        return -node.operand.value
    return node.value if isinstance(node, ast.Constant) and type(node.value) in (int, str) else None


def _at(tree: Value, path: tuple) -> Value:
    for step in path:
        if isinstance(step, str):
            tree = tree.attrs.get(step, Unknown) if isinstance(tree, Inst) else Unknown
        elif isinstance(tree, Seq) and isinstance(step[0], int) and -len(tree.items) <= step[0] < len(tree.items):
            tree = tree.items[step[0]]
        elif isinstance(tree, DictV):
            tree = tree.items.get(step[0], Unknown)
        else:
            return Unknown
    return tree


def _replaced(tree: Value, path: tuple, new: Value) -> Value:
    """`tree` with the value at `path` replaced by `new` (copies along the path); a step it
    cannot follow makes that part unknown."""
    if not path:
        return new
    step, rest = path[0], path[1:]
    if isinstance(step, str):
        if not isinstance(tree, Inst):
            return tree
        attrs = dict(tree.attrs)
        attrs[step] = _replaced(attrs.get(step, Unknown), rest, new)
        return Inst(tree.cls, attrs, 0, tree.lift, tree.setup_done)
    key = step[0]
    if isinstance(tree, Seq) and isinstance(key, int) and -len(tree.items) <= key < len(tree.items):
        items = list(tree.items)
        items[key] = _replaced(items[key], rest, new)
        return Seq(tuple(items), tree.kind)
    if isinstance(tree, DictV):
        return DictV({**tree.items, key: _replaced(tree.items.get(key, Unknown), rest, new)})
    return Unknown


def _updated(mutable: Value, stats: list) -> Value:
    """The collections `apply(..., mutable=[...])` returns: `batch_stats` varies over the axes
    the BatchNorm statistics computed in the call vary over (each is known to vary over at least
    those: a lower bound); what else they hold is not known."""
    names = [i.value for i in mutable.items if isinstance(i, Const)] if isinstance(mutable, Seq) else \
        [mutable.value] if isinstance(mutable, Const) and isinstance(mutable.value, str) else None
    if names is None or (isinstance(mutable, Seq) and len(names) != len(mutable.items)):
        return Unknown
    vma = frozenset().union(*stats)
    return DictV({n: ArrayV(vma=vma) if n == "batch_stats" and stats else Unknown for n in names})
