"""Array shapes as JAX computes them from its operands' shapes: broadcasting, basic indexing,
reductions over axes, einsum, one_hot, transposes, concatenation. A shape is a tuple with an int
(or None, not known) per dimension; every function returns None where the result's shape is not
known, and never guesses: a shape it gives is the one JAX gives (tests/test_shapes.py checks
each against `jax.eval_shape`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

LAYER_OUTPUT = "__output__"  # how a framework layer shapes its output (`frameworks.layer_output`), an Inst's
LAYER_TYPES = "__types__"  # a framework layer's parameters' sharding types, ((name, type or None), ...)
LAYER_SHAPES = "__params__"  # a framework layer's parameters, ((name, shape), ...), where known
MESHLESS = "__meshless__"  # a framework layer made where no mesh context was in force: its parameters are on none
STACKED = "__stacked__"  # how many a module's state stacks along its leading axis (an Inst's)
# the mesh axis (or logical) name `nnx.vmap(transform_metadata={nnx.PARTITION_NAME: name})` puts
# first in the sharding metadata of the variables it stacks (an Inst's, a Const)
STACK_NAME = "__stack_name__"


def broadcast(*shapes) -> tuple | None:
    """NumPy's broadcast of the shapes; None where one is not known or they do not broadcast."""
    if not shapes or any(s is None for s in shapes):
        return None
    n = max(len(s) for s in shapes)
    out = []
    for dims in zip(*((1,) * (n - len(s)) + tuple(s) for s in shapes)):
        sized = {d for d in dims if d is not None and d != 1}
        if len(sized) > 1:
            return None
        out.append(sized.pop() if sized else None if None in dims else 1)
    return tuple(out)


def axis_of(axis, ndim: int) -> int | None:
    """A dimension index (negative from the end) as a position, None where out of range."""
    if not isinstance(axis, int) or isinstance(axis, bool) or not -ndim <= axis < ndim:
        return None
    return axis % ndim


def reduced(shape: tuple | None, axis, keepdims: bool) -> tuple | None:
    """A reduction over `axis` (an int, a tuple of them, or None for every dimension)."""
    if shape is None:
        return None
    if axis is None:
        return (1,) * len(shape) if keepdims else ()
    axes = axis if isinstance(axis, tuple) else (axis,)
    picked = {axis_of(a, len(shape)) for a in axes}
    if None in picked or len(picked) != len(axes):
        return None
    return tuple(1 if i in picked else d for i, d in enumerate(shape) if keepdims or i not in picked)


def inserted(shape: tuple | None, axis, size) -> tuple | None:
    """A new dimension of `size` at `axis` of the result (`one_hot`, `stack`, `expand_dims`)."""
    if shape is None:
        return None
    at = axis_of(axis, len(shape) + 1)
    return None if at is None else (*shape[:at], size, *shape[at:])


def transposed(shape: tuple | None, axes) -> tuple | None:
    if shape is None:
        return None
    if axes is None:
        return tuple(reversed(shape))
    if not isinstance(axes, tuple) or len(axes) != len(shape):
        return None
    order = [axis_of(a, len(shape)) for a in axes]
    if None in order or len(set(order)) != len(order):
        return None
    return tuple(shape[i] for i in order)


def swapped(shape: tuple | None, a, b) -> tuple | None:
    if shape is None:
        return None
    i, j = axis_of(a, len(shape)), axis_of(b, len(shape))
    if i is None or j is None:
        return None
    out = list(shape)
    out[i], out[j] = out[j], out[i]
    return tuple(out)


def moved(shape: tuple | None, source, destination) -> tuple | None:
    if shape is None:
        return None
    i, j = axis_of(source, len(shape)), axis_of(destination, len(shape))
    if i is None or j is None:
        return None
    rest = [d for k, d in enumerate(shape) if k != i]
    return tuple(rest[:j] + [shape[i]] + rest[j:])


def squeezed(shape: tuple | None, axis) -> tuple | None:
    if shape is None:
        return None
    if axis is None:
        if None in shape:
            return None
        return tuple(d for d in shape if d != 1)
    axes = axis if isinstance(axis, tuple) else (axis,)
    picked = {axis_of(a, len(shape)) for a in axes}
    if None in picked or any(shape[i] not in (1, None) for i in picked):
        return None
    return tuple(d for i, d in enumerate(shape) if i not in picked)


def concatenated(shapes: list, axis) -> tuple | None:
    if not shapes or any(s is None for s in shapes) or len({len(s) for s in shapes}) != 1:
        return None
    at = axis_of(axis, len(shapes[0]))
    if at is None:
        return None
    out = []
    for i, dims in enumerate(zip(*shapes)):
        if i == at:
            out.append(None if None in dims else sum(dims))
        else:
            sized = {d for d in dims if d is not None}
            if len(sized) > 1:
                return None
            out.append(sized.pop() if sized else None)
    return tuple(out)


def pieces(shape: tuple | None, sections, axis, uneven: bool = False) -> list | None:
    """The shapes of what `jnp.split(x, sections, axis)` gives (`uneven`: `array_split`, whose
    first pieces take one more): `sections` a count, or the indices to split at; a piece's
    length is None where the dimension is not known. None where the count is not known, or JAX
    would raise (a count that does not divide the dimension, indices past it or decreasing)."""
    if shape is None or not isinstance(axis, int) or isinstance(axis, bool):
        return None
    at = axis_of(axis, len(shape))
    if at is None:
        return None
    n = shape[at]
    if isinstance(sections, int) and not isinstance(sections, bool) and sections > 0:
        if n is None:
            lengths = [None] * sections
        elif n % sections == 0 or uneven:
            lengths = [n // sections + (i < n % sections) for i in range(sections)]
        else:
            return None
    elif isinstance(sections, tuple) and all(isinstance(i, int) and not isinstance(i, bool) for i in sections):
        if n is None:
            lengths = [None] * (len(sections) + 1)
        else:
            bounds = [0, *(i + n if i < 0 else i for i in sections), n]
            lengths = [b - a for a, b in zip(bounds, bounds[1:])]
            if min(lengths) < 0:
                return None
    else:
        return None
    return [shape[:at] + (length,) + shape[at + 1:] for length in lengths]


def stacked(shapes: list, axis) -> tuple | None:
    if not shapes or any(s is None for s in shapes) or len(set(shapes)) != 1:
        return None
    return inserted(shapes[0], axis, len(shapes))


def matmul(a: tuple | None, b: tuple | None) -> tuple | None:
    """`a @ b` (`jnp.matmul`): vectors promoted and their dimension dropped again, the batch
    dimensions broadcast."""
    if a is None or b is None or not a or not b:
        return None
    a2, b2 = ((1, *a) if len(a) == 1 else a), ((*b, 1) if len(b) == 1 else b)
    if None not in (a2[-1], b2[-2]) and a2[-1] != b2[-2]:
        return None
    batch = broadcast(a2[:-2], b2[:-2])
    if batch is None:
        return None
    return (*batch, *((a2[-2],) if len(a) > 1 else ()), *((b2[-1],) if len(b) > 1 else ()))


def dot(a: tuple | None, b: tuple | None) -> tuple | None:
    """`jnp.dot`: `matmul` up to two dimensions; past that, a's last against b's second-last."""
    if a is None or b is None:
        return None
    if len(a) <= 2 and len(b) <= 2:
        return matmul(a, b) if a and b else None
    if not a or not b:
        return None
    k = b[-2] if len(b) >= 2 else b[0]
    if None not in (a[-1], k) and a[-1] != k:
        return None
    return (*a[:-1], *b[:-2], *b[-1:]) if len(b) >= 2 else a[:-1]


def einsum(subscripts: str, shapes: list) -> tuple | None:
    """The shape of `jnp.einsum(subscripts, *operands)`, explicit (`->`) or implicit, with `...`."""
    if any(s is None for s in shapes) or not isinstance(subscripts, str):
        return None
    text = subscripts.replace(" ", "")
    inputs, arrow, output = text.partition("->")
    read = _einsum_sizes(inputs.split(","), shapes)
    if read is None or isinstance(read, Fault):
        return None
    sizes, ellipses = read
    ellipsis = broadcast(*ellipses) if ellipses else ()
    if ellipsis is None:
        return None
    if not arrow:
        counts = {c: inputs.count(c) for c in sizes}
        output = "..." + "".join(sorted(c for c, n in counts.items() if n == 1))
    if output.replace("...", "") and not output.replace("...", "").isalpha():
        return None
    if any(c not in sizes for c in output.replace("...", "")):
        return None
    out: list = []
    rest = output
    while rest:
        if rest.startswith("..."):
            out.extend(ellipsis)
            rest = rest[3:]
        else:
            out.append(sizes[rest[0]])
            rest = rest[1:]
    return tuple(out)


@dataclass(frozen=True)
class Fault:
    """Operands whose shapes JAX rejects: `kind` "rank" (operand `at` has another number of
    dimensions than its einsum term `term`), "size" (einsum label `label` of operand `at` is
    `size` long, `other` in the terms before), "broadcast" (`shapes` do not broadcast) or
    "contract" (a layer's product contracting `size` features of its first operand with
    `other` of its second, `at` the one that is the layer's input)."""
    kind: str
    at: int = 0
    term: str = ""
    label: str = ""
    size: int = 0
    other: int = 0
    shapes: tuple = ()


def _einsum_sizes(terms: list, shapes: list):
    """Each einsum label's size and each operand's dimensions under `...`, reading the operands'
    `shapes` by their `terms`; a Fault where JAX rejects them (a label of two sizes, neither 1);
    None where a term is not read or a shape not known."""
    if len(terms) != len(shapes) or any(s is None for s in shapes):
        return None
    sizes: dict[str, int | None] = {}
    ellipses = []
    for i, (term, shape) in enumerate(zip(terms, shapes)):
        letters = term.replace("...", "")
        if not letters.isalpha() or term.count("...") > 1:
            return None
        extra = len(shape) - len(letters)
        if extra < 0 or (extra and "..." not in term):
            return Fault("rank", i, term)
        start = term.index("...") if "..." in term else len(term)
        ellipses.append(shape[start:start + extra])
        for letter, d in zip(letters, (*shape[:start], *shape[start + extra:])):
            known = sizes.get(letter)
            if letter in sizes and known is not None and d is not None and known != d and 1 not in (known, d):
                return Fault("size", i, term, letter, d, known)
            if letter not in sizes or known in (None, 1):
                sizes[letter] = d
    return sizes, ellipses


def fault(op: str, shapes: list, subscripts=None) -> Fault | None:
    """Where JAX rejects the shapes of `op`'s operands (all known): an einsum's (`subscripts`),
    elementwise operands that do not broadcast. (A matrix product's contracted dimensions are
    not judged: a module's parameters inside a shard_map whose specs the analysis does not
    follow keep the shapes they have outside it.)"""
    if any(s is None or None in s for s in shapes):
        return None
    if op == "einsum":
        found = _einsum_sizes(subscripts.replace(" ", "").partition("->")[0].split(","), shapes) \
            if isinstance(subscripts, str) else None
        return found if isinstance(found, Fault) else None
    if op in ("matmul", "dot"):
        return None
    if op == "where" and len(shapes) == 3 and not shapes[0]:
        shapes = shapes[1:]  # (a scalar condition selects without broadcasting: the branches are)
    if len(shapes) > 1 and broadcast(*shapes) is None:
        return Fault("broadcast", shapes=tuple(shapes))
    return None


def gathered(short: str, shape: tuple | None, n: int | None, p: dict) -> tuple | None:
    """The per-device shape of what `all_gather`, `all_gather_invariant`, `psum_scatter` or
    `all_to_all` (`short`) gives for an operand of `shape` over axes of `n` devices (`p` its
    parameters): untiled, a dimension of `n` inserted (gathered) or taken out (scattered);
    tiled, the dimension `n` times longer or shorter. None where not known (or JAX rejects it)."""
    if shape is None or not isinstance(n, int) or n < 1:
        return None

    def param(name: str, default):
        v = static(p.get(name, _NONE))
        return default if v is _NONE else v

    tiled = param("tiled", False)
    if not isinstance(tiled, bool):
        return None
    out = list(shape)
    if short in ("all_gather", "all_gather_invariant"):
        at = axis_of(param("axis", 0), len(shape) + (0 if tiled else 1))
        if at is None:
            return None
        if not tiled:
            return inserted(shape, at, n)
        out[at] = out[at] * n if out[at] is not None else None
        return tuple(out)
    split = axis_of(param("scatter_dimension" if short == "psum_scatter" else "split_axis", 0), len(shape))
    if split is None or (out[split] is not None and (out[split] % n if tiled else out[split] != n)):
        return None
    concat = axis_of(param("concat_axis", 0), len(shape)) if short == "all_to_all" else None
    if short == "all_to_all" and concat is None:
        return None
    if tiled:
        out[split] = out[split] // n if out[split] is not None else None
        if concat is not None:
            out[concat] = out[concat] * n if out[concat] is not None else None
        return tuple(out)
    del out[split]
    return tuple(out) if concat is None else inserted(tuple(out), concat, n)


def indexed(shape: tuple | None, parts: list) -> tuple | None:
    """The shape of `x[...]` by basic indexing, or by one array of indices. `parts`, one per index
    item: ("int",) an integer (a scalar), ("slice", start, stop, step) with Python ints or None,
    ("new",) `None`, ("ellipsis",), ("array", its shape) alone; anything else makes the result
    not known."""
    if shape is None:
        return None
    if len(parts) == 1 and parts[0][0] == "array":
        return (*parts[0][1], *shape[1:]) if shape else None  # rows gathered by an array of indices
    consumed = sum(1 for p in parts if p[0] in ("int", "slice"))
    if consumed > len(shape) or sum(1 for p in parts if p[0] == "ellipsis") > 1:
        return None
    dims = list(shape)
    out: list = []
    for p in parts:
        kind = p[0]
        if kind == "new":
            out.append(1)
        elif kind == "ellipsis":
            take = len(dims) - sum(1 for q in parts[parts.index(p) + 1:] if q[0] in ("int", "slice"))
            out.extend(dims[:take])
            dims = dims[take:]
        elif kind == "int":
            dims.pop(0)
        elif kind == "slice":
            d = dims.pop(0)
            if p[3] == 0:
                return None
            out.append(len(range(d)[slice(*p[1:])]) if d is not None else None)
        else:
            return None
    return (*out, *dims)


def layer_output_shape(how: tuple, shape: tuple | None) -> tuple | None:
    """The shape a layer's output has, given how it shapes it (`frameworks.layer_output`) and its input's."""
    if shape is None:
        return None
    if how[0] == "same":
        return shape
    if how[0] == "append":
        return (*shape, how[1])
    if how[0] == "einsum":
        return einsum(how[1], [shape, how[2]])
    if how[0] == "general":
        if not all(-len(shape) <= a < len(shape) for a in how[2]):
            return None
        contracted = {a % len(shape) for a in how[2]}
        return (*(d for i, d in enumerate(shape) if i not in contracted), *how[1])
    return (*shape[:-1], how[1]) if shape else None


def flat(shape: tuple | None) -> tuple | None:
    if shape is None or None in shape:
        return None
    return (math.prod(shape),)


# What the analysis's values say, read for shapes (imported late: values imports nothing here).
_NONE = object()  # an argument not given


def static(v):
    """The Python value of a constant argument (a tuple of constants as a tuple), `_NONE` where
    it was not given, None where it is `None`; `...` where it is not known."""
    from .values import Const, Seq

    if v is _NONE:
        return _NONE
    if isinstance(v, Const):
        return v.value
    if isinstance(v, Seq) and all(isinstance(i, Const) for i in v.items):
        return tuple(i.value for i in v.items)
    return ...


def reshaped(shape: tuple | None, dims) -> tuple | None:
    """The shape `reshape(dims)` gives an array of `shape` (`dims` a value: an int, or a tuple or
    list of them): the dimensions given as ints, a -1 worked out where every other size is
    known; None where `dims` is not a sequence."""
    from .values import Const, Seq

    if isinstance(dims, Const):
        dims = Seq((dims,))
    if not isinstance(dims, Seq):
        return None
    out = [i.value if isinstance(i, Const) and isinstance(i.value, int) else None for i in dims.items]
    if out.count(-1) == 1:
        rest = [d for d in out if d != -1]
        known = shape is not None and all(isinstance(d, int) for d in shape) and None not in rest
        whole, part = (math.prod(shape), math.prod(rest)) if known else (0, 0)
        out[out.index(-1)] = whole // part if part and whole % part == 0 else None
    return tuple(d if d is None or d >= 0 else None for d in out)


def shape_of(v) -> tuple | None:
    """An array's shape, a Python number's `()`; None where not known."""
    from .values import ArrayV, Const

    if isinstance(v, ArrayV):
        return v.shape
    if isinstance(v, Const) and isinstance(v.value, (int, float, complex)):
        return ()
    return None


# Elementwise functions of several arrays, jax.numpy's and jax.lax's: their result's shape and
# sharding type are their operands' broadcast (stypes.elementwise).
ELEMENTWISE = frozenset({
    "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power", "maximum", "minimum", "mod",
    "remainder", "equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "logical_and", "logical_or",
    "logical_xor", "arctan2", "hypot", "bitwise_and", "bitwise_or", "bitwise_xor", "where", "fmax", "fmin",
})
LAX_ELEMENTWISE = frozenset({"add", "sub", "mul", "div", "max", "min", "pow", "eq", "ne", "gt", "ge", "lt", "le",
                             "rem", "atan2", "select"})
_UNARY = frozenset({
    "abs", "negative", "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "rsqrt", "square", "sign",
    "tanh", "sin", "cos", "tan", "sinh", "cosh", "arcsin", "arccos", "arctan", "floor", "ceil", "round",
    "nan_to_num", "roll", "flip", "fliplr", "flipud", "sort", "relu", "relu6", "gelu", "silu", "swish", "sigmoid",
    "softplus", "softmax", "log_softmax", "elu", "leaky_relu", "logistic", "stop_gradient", "erf", "reciprocal",
    "conj", "real", "imag", "isnan", "isfinite", "isinf", "logical_not", "tril", "triu", "standardize",
    "zeros_like", "ones_like", "full_like", "empty_like", "cumsum", "cumprod", "cummax", "cummin", "cumlogsumexp",
    "argsort", "astype", "celu", "selu", "hard_tanh", "mish", "squareplus", "sparse_plus", "soft_sign",
    "log_sigmoid", "hard_sigmoid", "hard_silu", "hard_swish",
})
# keyword arguments that are options, not operands
OPTIONS = frozenset({"dtype", "out", "precision", "preferred_element_type", "out_sharding", "approximate"})
_CUMULATIVE = frozenset({"cumsum", "cumprod", "cummax", "cummin", "cumlogsumexp"})
_REDUCTIONS = frozenset({
    "sum", "mean", "max", "min", "prod", "amax", "amin", "argmax", "argmin", "all", "any", "std", "var", "median",
    "ptp", "count_nonzero", "nanmean", "nansum", "nanmax", "nanmin", "nanprod", "nanstd", "nanvar", "nanmedian",
    "nanargmax", "nanargmin", "logsumexp",
})


# Functions that only reorder an array's dimensions: their result's sharding type is the
# operand's, reordered as its shape is (JAX's transpose rule permutes the spec).
PERMUTING = frozenset({"transpose", "permute_dims", "swapaxes", "moveaxis"})


_FFTS = frozenset({"fft", "ifft", "rfft", "irfft"})  # jax.numpy.fft's transforms of one dimension


# Reductions whose result's sharding type is the operand's less the dimensions reduced (kept
# whole with `keepdims`), measured on 0.10.2; a median sorts, which needs the dimension whole.
_TYPED_REDUCTIONS = _REDUCTIONS - {"median", "nanmedian"}


def kept_dims_type(op: str, lax: bool, args: list, kwargs: dict) -> tuple | None:
    """The sharding type of `op(x, ...)` for an op of PERMUTING or a reduction, from `x`'s:
    reordered as the shape is, or with the dimensions reduced dropped (the type stands in for
    the shape: each entry moves, or goes, as its dimension does; one kept by `keepdims` is
    whole)."""
    from .values import ArrayV

    x = args[0] if args else None
    if not (op in PERMUTING or (op in _TYPED_REDUCTIONS and not lax)) or not isinstance(x, ArrayV) \
            or x.spec is None:
        return None
    out = call_shape(op, lax, [ArrayV(tuple(x.spec)), *args[1:]], kwargs)
    return None if out is None else tuple(() if isinstance(d, int) else d for d in out)


def call_shape(op: str, lax: bool, args: list, kwargs: dict) -> tuple | None:
    """The shape of `op(*args, **kwargs)`, a function of jax.numpy / jax.nn (`lax`: of
    jax.lax, whose cumulative ops keep the shape), or an array's method of that name (the array
    first in `args`); None where not known."""
    def arg(i: int, name: str):
        return args[i] if len(args) > i else kwargs.get(name, _NONE)

    first = shape_of(args[0]) if args else None
    operands = [a for a in (*args, *(v for k, v in kwargs.items() if k not in OPTIONS)) if static(a) is not None]
    if op in ELEMENTWISE or (lax and op in LAX_ELEMENTWISE) or op == "clip":
        if not operands or (op == "where" and len(operands) < 3):
            return None
        return broadcast(*(shape_of(a) for a in operands))
    if op in _UNARY:
        if "shape" in kwargs:
            return None  # `zeros_like(x, shape=...)`
        axis = static(arg(1, "axis"))
        if op in _CUMULATIVE and not lax and axis in (_NONE, None):
            return flat(first)  # NumPy's cumulative ops flatten when given no axis
        if op in ("sort", "argsort") and not lax and axis is None:
            return flat(first)
        return first
    if op in _FFTS and not lax:  # (`jnp.fft.rfft(x, n, axis)`: one dimension transformed)
        n, axis = static(arg(1, "n")), static(arg(2, "axis"))
        at = axis_of(-1 if axis is _NONE else axis, len(first)) if first is not None else None
        if at is None or n is ... or (n not in (_NONE, None) and not isinstance(n, int)):
            return None
        n = None if n is _NONE else n
        d = first[at]
        size = {"fft": n or d, "ifft": n or d,
                "rfft": (n or d) // 2 + 1 if (n or d) is not None else None,
                "irfft": n or (2 * (d - 1) if d is not None else None)}[op]
        return (*first[:at], size, *first[at + 1:])
    if op == "norm":  # (`jnp.linalg.norm(x, ord, axis, keepdims)`)
        axis, keep = static(arg(2, "axis")), static(arg(3, "keepdims"))
        if axis is ... or keep is ...:
            return None
        return reduced(first, None if axis is _NONE else axis, keep is True)
    if op in _REDUCTIONS:
        axis = static(arg(1, "axis"))
        keep = static(kwargs.get("keepdims", _NONE))
        if axis is ... or keep is ...:
            return None
        return reduced(first, None if axis is _NONE else axis, keep is True)
    if op == "one_hot":
        n, axis = static(arg(1, "num_classes")), static(kwargs.get("axis", _NONE))
        if not isinstance(n, int) or axis is ...:
            return None
        return inserted(first, -1 if axis is _NONE else axis, n)
    if op == "einsum" and args:
        return einsum(static(args[0]), [shape_of(a) for a in args[1:]])
    if op in ("matmul", "dot") and len(args) == 2:
        return (matmul if op == "matmul" else dot)(first, shape_of(args[1]))
    if op in ("transpose", "permute_dims"):
        axes = static(arg(1, "axes"))
        if axes is ... or (lax and axes is _NONE):
            return None
        return transposed(first, None if axes is _NONE else axes)
    if op == "swapaxes":
        return swapped(first, static(arg(1, "axis1")), static(arg(2, "axis2")))
    if op == "moveaxis":
        return moved(first, static(arg(1, "source")), static(arg(2, "destination")))
    if op == "expand_dims":
        axis = static(arg(1, "axis" if not lax else "dimensions"))
        if lax or not isinstance(axis, int):
            return None
        return inserted(first, axis, 1)
    if op == "squeeze":
        axis = static(arg(1, "axis" if not lax else "dimensions"))
        return None if axis is ... else squeezed(first, None if axis is _NONE else axis)
    if op in ("concatenate", "stack") and args:
        from .values import Seq

        axis = static(arg(1, "axis" if not lax else "dimension"))
        if not isinstance(args[0], Seq) or (lax and op == "stack"):
            return None
        axis = 0 if axis is _NONE else axis
        parts = [shape_of(a) for a in args[0].items]
        return (concatenated if op == "concatenate" else stacked)(parts, axis)
    if op in ("segment_sum", "segment_max", "segment_min", "segment_prod"):
        n = static(arg(2, "num_segments"))
        return (n, *first[1:]) if isinstance(n, int) and not isinstance(n, bool) and first else None
    if op in ("ravel", "flatten"):
        return flat(first)
    if op == "reshape":
        dims = arg(1, "new_sizes" if lax else "shape")
        if dims is _NONE and not lax:
            dims = kwargs.get("newshape", _NONE)
        if lax and static(arg(2, "dimensions")) not in (_NONE, None):
            return None
        return reshaped(first, dims)
    if op == "broadcast_to":
        shape = static(arg(1, "shape"))
        return shape if isinstance(shape, tuple) and all(isinstance(d, int) for d in shape) else None
    if lax and op in LAX_SLICES:
        cut = lax_slice(op, first, args, kwargs)
        if cut is None or None in cut[0]:
            return None
        kept, dropped = cut
        return tuple(n for i, n in enumerate(kept) if i != dropped)
    if lax and op == "dynamic_update_slice":
        return first
    return None


# jax.lax's functions that take a block of an array: `lax_slice` reads what they keep.
LAX_SLICES = frozenset({"dynamic_slice", "dynamic_slice_in_dim", "dynamic_index_in_dim", "slice", "slice_in_dim",
                        "index_in_dim"})


def lax_slice(op: str, shape: tuple | None, args: list, kwargs: dict) -> tuple | None:
    """What `lax.<op>(x, *args[1:], **kwargs)` of LAX_SLICES keeps of an array of `shape`: (the
    size kept of each dimension, None where not known; the dimension an `index_in_dim` form
    drops, or None). None where the dimensions named are not known."""
    def arg(i: int, name: str):
        return args[i] if len(args) > i else kwargs.get(name, _NONE)

    if shape is None:
        return None
    kept = list(shape)
    if op == "dynamic_slice":
        sizes = static(arg(2, "slice_sizes"))
        if not isinstance(sizes, tuple) or len(sizes) != len(shape):
            return None
        return tuple(d if isinstance(d, int) else None for d in sizes), None
    if op == "slice":
        start, limit, strides = static(arg(1, "start_indices")), static(arg(2, "limit_indices")), \
            static(arg(3, "strides"))
        if not (isinstance(start, tuple) and isinstance(limit, tuple) and len(start) == len(limit) == len(shape)):
            return None
        if strides in (_NONE, None):
            strides = (1,) * len(shape)
        elif not (isinstance(strides, tuple) and len(strides) == len(shape)):
            return None
        return tuple(_range_len(n, s, e, st) for n, s, e, st in zip(shape, start, limit, strides)), None
    axis = static(arg(4 if op == "slice_in_dim" else 2 if op.endswith("index_in_dim") else 3, "axis"))
    at = axis_of(0 if axis is _NONE else axis, len(shape))
    if at is None:
        return None
    if op == "dynamic_slice_in_dim":
        size = static(arg(2, "slice_size"))
        kept[at] = size if isinstance(size, int) else None
    elif op == "slice_in_dim":
        start, limit, stride = static(arg(1, "start_index")), static(arg(2, "limit_index")), static(arg(3, "stride"))
        kept[at] = _range_len(shape[at], None if start is _NONE else start, None if limit is _NONE else limit,
                              1 if stride is _NONE else stride)
    else:
        kept[at] = 1
        keep = static(arg(3, "keepdims"))
        if keep is ...:
            return None
        return tuple(kept), (None if keep in (_NONE, True) else at)
    return tuple(kept), None


def _range_len(n, start, stop, step) -> int | None:
    """How many of a dimension of size `n` a static slice keeps (None where not known)."""
    if not isinstance(n, int) or not all(b is None or (isinstance(b, int) and not isinstance(b, bool))
                                         for b in (start, stop, step)) or step == 0:
        return None
    return len(range(n)[slice(start, stop, step)])
