"""Array dtypes as JAX computes them, for the arrays whose dtype the analysis knows: names as JAX
canonicalizes them with 64-bit types off (its default: `float64` is `float32`), and JAX's type
promotion (`jnp.promote_types`' lattice, Python numbers weakly typed). A dtype is a fact or
None: an operation the tables here do not know, or a result JAX types weakly (a Python number
promoted with another: `jnp.asarray(0.0)`), has none."""

from __future__ import annotations

from .shapes import LAYER_SHAPES
from .values import ArrayV, Const, DTypeV, Ext, Seq, Value, is_variable, variable_array

# The lattice JAX promotes on (its type promotion design): each type's direct successors. `i*`,
# `f*`, `c*` are Python's int, float and complex (weak: the other operand's kind decides).
_SUCCESSORS = {
    "bool": ("i*",), "i*": ("uint8", "int8"), "uint8": ("uint16", "int16"), "uint16": ("uint32", "int32"),
    "uint32": ("uint64", "int64"), "uint64": ("f*",), "int8": ("int16",), "int16": ("int32",),
    "int32": ("int64",), "int64": ("f*",), "f*": ("bfloat16", "float16", "c*"), "bfloat16": ("float32",),
    "float16": ("float32",), "float32": ("float64",), "float64": ("complex128",), "c*": ("complex64",),
    "complex64": ("complex128",), "complex128": (),
}


def _upper(t: str) -> frozenset:
    out, todo = {t}, [t]
    while todo:
        for s in _SUCCESSORS[todo.pop()]:
            if s not in out:
                out.add(s)
                todo.append(s)
    return frozenset(out)


_UPPER = {t: _upper(t) for t in _SUCCESSORS}
# 64-bit types off: what JAX makes of each (its arrays are never of the wider ones)
_NARROW = {"int64": "int32", "uint64": "uint32", "float64": "float32", "complex128": "complex64"}
_ALIASES = {"float": "float64", "double": "float64", "float_": "float64", "int": "int64", "int_": "int64",
            "uint": "uint64", "complex": "complex128", "complex_": "complex128", "bool_": "bool", "single": "float32",
            "half": "float16", "cfloat": "complex128", "cdouble": "complex128", "csingle": "complex64"}
WEAK = {bool: "bool", int: "i*", float: "f*", complex: "c*"}
# The dtype of a weakly typed array (what JAX makes of a Python number), and its lattice node.
_WEAK_DEFAULT = {"i*": "int32", "f*": "float32", "c*": "complex64"}
_WEAK_NODE = {d: node for node, d in _WEAK_DEFAULT.items()}


def dtype_name(v: Value) -> str | None:
    """The name of a dtype written as a value (`jnp.bfloat16`, `"int8"`, `x.dtype`)."""
    if isinstance(v, DTypeV):
        return v.name
    if isinstance(v, Const) and isinstance(v.value, str):
        return v.value
    if isinstance(v, Ext):
        return v.name.rsplit(".", 1)[-1]
    return None


def canonical(name: str | None) -> str | None:
    """The dtype JAX gives arrays of type `name` (`jnp.float64` → float32); None for a name not
    known here."""
    if name is None:
        return None
    name = _ALIASES.get(name, name)
    if name not in _SUCCESSORS or name.endswith("*"):
        return None
    return _NARROW.get(name, name)


def join(types: list[str]) -> str | None:
    """The least upper bound of lattice nodes (JAX's `promote_types`), narrowed; None where it is
    a weak type (Python numbers only)."""
    common = frozenset.intersection(*(_UPPER[t] for t in types))
    least = [t for t in common if all(t in _UPPER[o] for o in types) and common <= _UPPER[t]]
    if not least or least[0].endswith("*"):
        return None
    return _NARROW.get(least[0], least[0])


def operand(v: Value) -> str | None:
    """The lattice node of an operand: an array's dtype, a Python number's or a weakly typed
    array's weak type; None where not known."""
    if isinstance(v, ArrayV):
        return canonical(v.dtype) or _WEAK_NODE.get(v.weak)
    if isinstance(v, Const) and type(v.value) in WEAK:
        return WEAK[type(v.value)]
    return None


def weak_result(values: list[Value]) -> str | None:
    """The dtype of an elementwise operation of `values` that JAX types weakly (an int array
    times a Python float: weak float32), where `promote` has none because of that."""
    nodes = [operand(v) for v in values]
    if not nodes or None in nodes:
        return None
    common = frozenset.intersection(*(_UPPER[t] for t in nodes))
    least = [t for t in common if common <= _UPPER[t]]
    return _WEAK_DEFAULT.get(least[0]) if len(least) == 1 else None


def promote(values: list[Value]) -> str | None:
    """The dtype of an elementwise operation of `values` (arrays and Python numbers), as
    `jnp.result_type` gives it; None where an operand's is not known or the result is weak."""
    nodes = [operand(v) for v in values]
    if not nodes or None in nodes:
        return None
    return join(nodes)


def is_float(dtype: str | None) -> bool:
    return dtype in ("bfloat16", "float16", "float32")


def is_int(dtype: str | None) -> bool:
    return dtype is not None and "int" in dtype


# What JAX's functions (jax.numpy, jax.lax, jax.nn) return, by their short name: its operands'
# promoted type; its own type; a float operand's own type (other types: not modelled); int32;
# bool; a sum's (small integers and booleans widen to int32).
_PROMOTING = frozenset({
    "add", "subtract", "multiply", "maximum", "minimum", "power", "pow", "dot", "matmul", "einsum", "inner", "outer",
    "tensordot", "vdot", "where", "select", "concatenate", "stack", "hstack", "vstack", "dstack", "column_stack",
    "clip", "fmax", "fmin", "remainder", "mod", "floor_divide", "append",
})
_KEEPING = frozenset({
    "reshape", "transpose", "permute_dims", "swapaxes", "moveaxis", "expand_dims", "squeeze", "ravel", "broadcast_to",
    "broadcast_in_dim", "tile", "repeat", "roll", "flip", "fliplr", "flipud", "rot90", "take", "take_along_axis",
    "sort", "max", "min", "amax", "amin", "tril", "triu", "diagonal", "diag", "copy",
    "with_sharding_constraint", "reshard", "stop_gradient", "dynamic_slice", "dynamic_slice_in_dim",
    "dynamic_update_slice", "slice", "slice_in_dim", "pad", "atleast_1d", "atleast_2d", "atleast_3d", "psum",
    "pmax", "pmin", "all_gather", "ppermute", "psum_scatter", "all_to_all", "pcast", "pvary", "device_put", "rev",
    "collapse", "split", "array_split", "squeeze_dims",
})
_FLOAT_KEEPING = frozenset({
    "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "rsqrt", "cbrt", "sin", "cos", "tan", "tanh",
    "sinh", "cosh", "arcsin", "arccos", "arctan", "arctanh", "erf", "erfc", "logistic", "sigmoid", "gelu", "silu",
    "swish", "softplus", "softmax", "log_softmax", "elu", "selu", "celu", "leaky_relu", "hard_tanh", "mish",
    "logsumexp", "mean", "var", "std", "nanmean", "average", "median", "reciprocal", "floor", "ceil", "round",
    "standardize", "normalize", "abs", "absolute", "sign", "log_sigmoid", "glu", "squareplus", "sparse_plus",
    "hard_sigmoid", "hard_silu", "hard_swish", "cumsum", "cumprod", "sum", "prod", "nansum", "relu", "relu6",
    "negative", "square", "ptp", "cummax", "cummin", "pmean",
})
_INDEXING = frozenset({"argmax", "argmin", "argsort", "searchsorted", "argwhere"})
_TESTING = frozenset({
    "equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "logical_and", "logical_or",
    "logical_not", "logical_xor", "isnan", "isinf", "isfinite", "all", "any", "isclose", "array_equal",
})
_SUMMING = frozenset({"sum", "prod", "nansum"})
# Those that keep an operand's weak type (measured on 0.10.2: `jnp.exp(jnp.full(n, 0.5))` is weakly
# typed): shape and elementwise operations; not reductions, cumulative ones and composites.
_WEAK_KEEPING = frozenset({
    "reshape", "transpose", "permute_dims", "swapaxes", "moveaxis", "expand_dims", "squeeze", "ravel", "broadcast_to",
    "tile", "repeat", "roll", "flip", "fliplr", "flipud", "rot90", "sort", "tril", "triu", "copy", "stop_gradient",
    "atleast_1d", "atleast_2d", "atleast_3d", "exp", "exp2", "expm1", "log", "log1p", "sqrt", "rsqrt", "cbrt", "sin",
    "cos", "tan", "tanh", "sinh", "cosh", "arcsin", "arccos", "arctan", "arctanh", "erf", "erfc", "logistic",
    "sigmoid", "silu", "swish", "softplus", "elu", "selu", "celu", "leaky_relu", "hard_tanh", "mish", "reciprocal",
    "floor", "ceil", "round", "abs", "absolute", "sign", "log_sigmoid", "squareplus", "sparse_plus", "hard_sigmoid",
    "hard_silu", "hard_swish", "relu", "relu6", "negative", "square",
})


def of_call(short: str, args: list, kwargs: dict) -> str | None:
    """The dtype of `jnp.<short>(*args, **kwargs)` (or its `jax.lax`/`jax.nn` namesake); None
    where not known. A `dtype=` given is not looked at here (the caller reads it)."""
    arrays = [a for a in args if isinstance(a, ArrayV)]
    if short in _INDEXING:
        return "int32" if arrays else None
    if short in _TESTING:
        return "bool" if arrays else None
    if short in _PROMOTING:
        operands = args[1:] if short == "einsum" else args
        if short in ("where", "select"):
            operands = args[1:3]
        if short in ("concatenate", "stack", "hstack", "vstack", "dstack", "column_stack") and args:
            operands = list(args[0].items) if isinstance(args[0], Seq) else []
        return promote(list(operands)) if operands else None
    first = canonical(args[0].dtype) if args and isinstance(args[0], ArrayV) else None
    if short in _SUMMING and first is not None and not is_float(first):
        return "uint32" if first.startswith("uint") else "int32" if first in ("bool", "int8", "int16", "int32") \
            else None
    if short in _KEEPING:
        return first
    if short in _FLOAT_KEEPING:
        return first if is_float(first) else None
    return None


def weak_call(short: str, args: list, kwargs: dict) -> str | None:
    """The dtype of `jnp.<short>(*args, **kwargs)` where JAX types it weakly (see `weak_result`):
    a function that keeps its operand's type, of a weakly typed array; one that promotes, of
    operands whose promoted type is weak. None where not, or not known. A `dtype=` given is
    not looked at here (it makes the result strong)."""
    if short in _PROMOTING and short not in ("einsum", "where", "select", "concatenate", "stack", "hstack",
                                             "vstack", "dstack", "column_stack", "pow", "power"):
        return weak_result(list(args)) if args and of_call(short, args, kwargs) is None else None
    first = args[0] if args and isinstance(args[0], ArrayV) and args[0].dtype is None else None
    if first is None or first.weak is None or short not in _WEAK_KEEPING:
        return None
    return first.weak if short in _KEEPING or is_float(first.weak) else None


def result(short: str, args: list, kwargs: dict, given: Value | None) -> str | None:
    """The dtype of `jnp.<short>(*args, **kwargs)` given the call's own `dtype=` (or its
    namesake) `given`: that type canonicalized where one is named, else `of_call`'s."""
    if given is not None and not (isinstance(given, Const) and given.value is None):
        return canonical(dtype_name(given))
    return of_call(short, args, kwargs)


# jax.lax's operations that take operands of one dtype and do not promote (measured on 0.6.2 and
# 0.10.2): which of their positional operands must agree, in the order JAX's error names them
# (`select` is `select_n(pred, on_false, on_true)`). A Python number given to one of the
# elementwise ones becomes an array of its default type (int32, float32), weak or not alike, as
# does a weakly typed array (`jnp.full(shape, 0.0)`).
_LAX_BINARY = frozenset({
    "add", "sub", "mul", "div", "rem", "max", "min", "atan2", "nextafter", "eq", "ne", "lt", "le", "gt", "ge",
    "bitwise_and", "bitwise_or", "bitwise_xor", "shift_left", "shift_right_logical", "shift_right_arithmetic",
})
_LAX_OPERANDS = {"select": (2, 1), "clamp": (0, 1, 2), "dynamic_update_slice": (0, 1),
                 "dynamic_update_slice_in_dim": (0, 1), "dynamic_update_index_in_dim": (0, 1), "pad": (0, 1)}
_DEFAULT = {bool: "bool", int: "int32", float: "float32", complex: "complex64"}


# The operand whose dtype the result of a lax operation of one dtype is meant to have (its index
# among the operands `lax_operands` lists), where not the first: `select`'s case if true, the
# array `clamp` bounds.
_LAX_KEPT = {"select": 1, "clamp": 1}


def lax_operands(short: str, args: list) -> list[tuple] | None:
    """Where the operands of `jax.lax.<short>(*args)` that must be of one dtype sit, in the order
    JAX's error names them: (positional argument,) or (argument, item) for `lax.concatenate`'s
    list; None for another function (or too few arguments)."""
    if short in _LAX_BINARY:
        return [(0,), (1,)] if len(args) >= 2 else None
    if short == "concatenate":
        return [(0, i) for i in range(len(args[0].items))] if args and isinstance(args[0], Seq) else None
    if short in _LAX_OPERANDS and len(args) > max(_LAX_OPERANDS[short]):
        return [(i,) for i in _LAX_OPERANDS[short]]
    return None


def lax_casts(short: str, found: tuple) -> tuple[str, list[int]]:
    """For operands of `found` dtypes (`lax_mismatch`'s): the dtype the operation's result is to
    keep, and the operands (indices into `found`) to cast to it."""
    kept = found[_LAX_KEPT.get(short, 0)]
    return kept, [i for i, d in enumerate(found) if d != kept]


def operand_at(args: list, at: tuple) -> Value:
    """The operand `lax_operands` places at `at`."""
    return args[at[0]].items[at[1]] if len(at) == 2 else args[at[0]]


def lax_mismatch(short: str, args: list) -> tuple | None:
    """The dtypes of the operands of `jax.lax.<short>(*args)` where they must be one and are
    known to differ (`lax_operands`); else None."""
    at = lax_operands(short, args)
    if at is None:
        return None
    operands = [operand_at(args, p) for p in at]
    if len(operands) < 2:
        return None
    found = []
    for v in operands:
        if isinstance(v, ArrayV) and (canonical(v.dtype) or v.weak) is not None:
            found.append(canonical(v.dtype) or v.weak)
        elif short in _LAX_BINARY and python_default(v) is not None:
            found.append(python_default(v))
        else:
            return None
    return tuple(found) if len(set(found)) > 1 else None


def python_default(v: Value) -> str | None:
    """The dtype JAX gives a Python number where it makes an array of it (int32, float32, ...);
    None for anything else."""
    return _DEFAULT.get(type(v.value)) if isinstance(v, Const) else None


# Attention layers: their query's, keys' and values' projections and their output's (measured on
# Flax 0.11.2, 0.12.6 and 0.12.8: `dtype=` if given, else the inputs' and parameters' promoted;
# Equinox's projections are its `Linear`s, of its `dtype=`, and its softmax casts back).
_ATTENTION = frozenset({"flax.linen.MultiHeadDotProductAttention", "flax.linen.MultiHeadAttention",
                        "flax.linen.SelfAttention", "flax.nnx.MultiHeadAttention", "equinox.nn.MultiheadAttention"})
# Framework layers: those that compute in their inputs' type with their parameters' (Flax's
# `promote_dtype` when no `dtype=` is given: `param_dtype=`, float32 by default; Equinox's
# `weight @ x`), those whose output is their parameters' (an embedding lookup), and those that
# keep their input's type (Equinox's normalizations cast back; dropout).
_WITH_PARAMS = frozenset({
    "flax.nnx.Linear", "flax.nnx.LinearGeneral", "flax.nnx.Einsum", "flax.nnx.Conv", "flax.nnx.LayerNorm",
    "flax.nnx.RMSNorm", "flax.nnx.BatchNorm", "flax.nnx.GroupNorm", "flax.linen.Dense", "flax.linen.DenseGeneral",
    "flax.linen.Einsum", "flax.linen.Conv", "flax.linen.LayerNorm", "flax.linen.RMSNorm", "flax.linen.BatchNorm",
    "flax.linen.GroupNorm", "equinox.nn.Linear", *_ATTENTION,
})
_OF_PARAMS = frozenset({"flax.nnx.Embed", "flax.linen.Embed", "equinox.nn.Embedding"})
_KEEPING_LAYERS = frozenset({
    "equinox.nn.LayerNorm", "equinox.nn.RMSNorm", "equinox.nn.GroupNorm", "flax.nnx.Dropout", "flax.linen.Dropout",
    "equinox.nn.Dropout",
})


def layer_input(name: str, args: list) -> Value | None:
    """What a framework layer computes from, for its dtype: its one input, or an attention
    layer's inputs (query, keys, values) promoted together; None where not known."""
    if len(args) == 1:
        return args[0]
    if name in _ATTENTION and args and all(isinstance(a, ArrayV) for a in args):
        promoted = promote(list(args))
        return ArrayV(dtype=promoted) if promoted is not None else None
    return None


def _given(attrs: dict, keyword: str, default: str | None) -> str | None:
    v = attrs.get(keyword)
    if v is None or isinstance(v, Const) and v.value is None:
        return default
    return canonical(dtype_name(v))


def layer_params(name: str, attrs: dict) -> str | None:
    """The dtype of the parameters of the framework layer `name` made with `attrs`: that of the
    arrays it holds (given it by `nnx.merge`, cast by `jax.tree.map` over a model), else its
    constructor's word (Flax's `param_dtype=`, Equinox's `dtype=`, float32 by default); None
    where not known."""
    if name not in _WITH_PARAMS and name not in _OF_PARAMS:
        return None
    shapes = attrs.get(LAYER_SHAPES)
    held = [attrs[k] for k, _ in shapes.value if k in attrs] if isinstance(shapes, Const) else []
    if held:
        found = {canonical(a.dtype) if isinstance(a, ArrayV) else None
                 for a in (variable_array(h) if is_variable(h) else h for h in held)}
        return found.pop() if len(found) == 1 else None
    return _given(attrs, "param_dtype" if name.startswith("flax.") else "dtype", "float32")


def layer_output(name: str, x: Value, attrs: dict) -> str | None:
    """The dtype of what the framework layer `name` (made with `attrs`, its keywords) computes
    from `x`; None where not known."""
    if name in _KEEPING_LAYERS:
        return canonical(x.dtype) if isinstance(x, ArrayV) else None
    params = layer_params(name, attrs)
    if name in _OF_PARAMS:
        return _given(attrs, "dtype", params) if name.startswith("flax.") else params
    if name in _WITH_PARAMS:
        if name.startswith("flax.") and attrs.get("dtype") is not None:
            return _given(attrs, "dtype", None)
        return promote([x, ArrayV(dtype=params)]) if params is not None else None
    return None
