"""Sharding types: what `jax.typeof(x)` says of an array on a mesh whose axes are Explicit — for
each dimension, the mesh axes that split it (`float32[8@data,16]`) — and how JAX's sharding
rules carry them through what is computed (measured on 0.8.2 and 0.10.2). A type here is
certain or absent (None): every operation not modelled gives None, so a verdict built on types
needs every operand's type known.

A type is a tuple with one entry per dimension, each a tuple of mesh axis names (empty: the
dimension is not split)."""

from __future__ import annotations

import math
from dataclasses import replace

from .shapes import LAYER_SHAPES, LAYER_TYPES, STACKED
from .values import NO_SHARDING, ArrayV, Const, DictV, GraphPart, Inst, LinenVarsV, Multi, PSpecV, Seq, Value, join

Type = tuple  # of tuples of axis names, one per dimension

# Functions of one array whose result has its type: elementwise ones, masks of its positions,
# and normalizations along one dimension (a reduction over a split dimension broadcasts back).
UNARY = frozenset({
    "abs", "negative", "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "rsqrt", "square", "sign",
    "tanh", "sin", "cos", "tan", "sinh", "cosh", "arcsin", "arccos", "arctan", "floor", "ceil", "round", "relu",
    "relu6", "gelu", "silu", "swish", "sigmoid", "softplus", "elu", "leaky_relu", "logistic", "stop_gradient", "erf",
    "reciprocal", "conj", "real", "imag", "isnan", "isfinite", "isinf", "logical_not", "celu", "selu", "hard_tanh",
    "mish", "squareplus", "sparse_plus", "soft_sign", "log_sigmoid", "tril", "triu", "softmax", "log_softmax",
})


def placed(v: Value, sharding=None, typer=None, seen: frozenset = frozenset()) -> Value:
    """`v` with its arrays (in containers, NNX states and modules) placed with `sharding` (None:
    where they were), each of the type `typer` gives it (None: the type it had). `v` itself
    where nothing changes (jit's arguments are not copied for nothing)."""
    if isinstance(v, ArrayV):
        new = replace(v, sharding=v.sharding if sharding is None else sharding,
                      spec=v.spec if typer is None else typer(v))
        return v if new.sharding is v.sharding and new.spec == v.spec else new
    if isinstance(v, (Seq, DictV, Multi)):
        items = v.items if isinstance(v, Seq) else tuple(v.items.values()) if isinstance(v, DictV) else v.options
        new = [placed(i, sharding, typer, seen) for i in items]
        if all(a is b for a, b in zip(new, items)):
            return v
        if isinstance(v, Seq):
            return Seq(tuple(new), v.kind)
        return DictV(dict(zip(v.items, new)), v.origin) if isinstance(v, DictV) else join(new)
    if isinstance(v, LinenVarsV) and sharding is not None:
        return replace(v, sharding=NO_SHARDING if sharding is NO_SHARDING else None)
    if isinstance(v, GraphPart) and v.kind == "state":
        of = placed(v.of, sharding, typer, seen)
        return v if of is v.of else v.remade(of)
    if isinstance(v, Inst) and id(v) not in seen:
        inner = seen | {id(v)}
        attrs = {k: placed(a, sharding, typer, inner) if isinstance(a, Value) else a for k, a in v.attrs.items()}
        implicit, types = v.attrs.get(LAYER_SHAPES), v.attrs.get(LAYER_TYPES)
        if typer is not None and isinstance(implicit, Const) and STACKED not in v.attrs:
            # a framework layer's parameters it holds by its constructor's word: placed, they are its own
            known = dict(types.value) if isinstance(types, Const) else {}
            attrs.update({k: placed(ArrayV(shape, spec=known.get(k)), sharding, typer)
                          for k, shape in implicit.value if k not in attrs})
        if all(attrs.get(k) is a for k, a in v.attrs.items()) and len(attrs) == len(v.attrs):
            return v
        return Inst(v.cls, attrs, v.version + 1, v.lift, v.setup_done)
    return v


def typed_leaves(v: Value, seen: frozenset = frozenset()):
    """The arrays of `v` (in containers, NNX states and modules, a framework layer's parameters
    it holds by its constructor's word) whose sharding types are known; none of a module a vmap
    stacked (its attributes are one member's)."""
    if isinstance(v, ArrayV):
        if v.spec is not None:
            yield v
    elif isinstance(v, (Seq, DictV)):
        for i in v.items if isinstance(v, Seq) else v.items.values():
            yield from typed_leaves(i, seen)
    elif isinstance(v, GraphPart) and v.kind == "state":
        yield from typed_leaves(v.of, seen)
    elif isinstance(v, Inst) and id(v) not in seen and STACKED not in v.attrs:
        inner = seen | {id(v)}
        for k, a in v.attrs.items():
            if isinstance(a, Value) and not k.startswith("__"):
                yield from typed_leaves(a, inner)
        implicit, types = v.attrs.get(LAYER_SHAPES), v.attrs.get(LAYER_TYPES)
        if isinstance(implicit, Const) and isinstance(types, Const):
            known = dict(types.value)
            for k, shape in implicit.value:
                if k not in v.attrs and known.get(k) is not None:
                    yield ArrayV(shape, spec=known[k])


def cleared(v: Value) -> Value:
    """`v` with the types of its arrays not known: placed anew by what is not followed (jit's
    `in_shardings`)."""
    return placed(v, typer=lambda a: None)


def of_spec(spec, shape: tuple | None) -> Type | None:
    """The type an array of `shape` has once placed with `spec` (a PartitionSpec whose entries
    are all known) on a mesh whose axes are all Explicit: the spec's entries, padded with
    unsplit dimensions to the array's rank."""
    if not isinstance(spec, PSpecV) or spec.parts is None or shape is None or len(spec.parts) > len(shape):
        return None
    out = []
    for part in spec.parts:
        if isinstance(part, Const) and part.value is None:
            out.append(())
        elif isinstance(part, Const) and isinstance(part.value, str):
            out.append((part.value,))
        elif isinstance(part, Seq) and all(isinstance(i, Const) and isinstance(i.value, str) for i in part.items):
            out.append(tuple(i.value for i in part.items))
        else:
            return None
    return (*out, *((),) * (len(shape) - len(out)))


def render(t: Type) -> str:
    """A type's dimensions as JAX prints a dot_general's specs: `('model',)`, `(None,)`."""
    parts = [repr(d[0]) if len(d) == 1 else repr(d) if d else "None" for d in t]
    return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"


def elementwise(operands: list) -> Type | None:
    """The type of an elementwise operation's result (broadcasting, numbers alike): each
    dimension split as the operands that have it split it (of numbers alone, a scalar's). None
    where an operand's type is not known, or two split one dimension differently (JAX raises
    there)."""
    types = []
    for v in operands:
        if isinstance(v, Const) and isinstance(v.value, (bool, int, float, complex)):
            continue
        if not isinstance(v, ArrayV) or v.spec is None:
            return None
        types.append(v.spec)
    if not types:
        return ()  # numbers: a scalar
    rank = max(map(len, types))
    out = []
    for i in range(rank):
        split = {t[i - rank + len(t)] for t in types if i - rank + len(t) >= 0} - {()}
        if len(split) > 1:
            return None
        out.append(split.pop() if split else ())
    return tuple(out)


def contraction(lhs: ArrayV, rhs: ArrayV, lc: tuple, rc: tuple) -> tuple | None:
    """Where a dot_general of `lhs` and `rhs` contracting their dimensions `lc` with `rc` fails:
    JAX requires every contracted pair to have one of its dimensions unsplit (split on both,
    the output's sharding is ambiguous; on different axes, inconsistent). The two contracted
    specs, or None where it does not fail or a type is not known."""
    if lhs.spec is None or rhs.spec is None:
        return None
    left, right = tuple(lhs.spec[i] for i in lc), tuple(rhs.spec[i] for i in rc)
    return (left, right) if any(a and b for a, b in zip(left, right)) else None


def kept_type(lhs: ArrayV, rhs: ArrayV, kept) -> Type | None:
    """The type a dot_general's result would have: the dimensions each operand keeps, split as
    that operand splits them, in order (JAX's batch dimensions, then lhs's, then rhs's; `kept`
    their types, or for an einsum its labels: see `einsum_kept`). An axis may split two of
    them, which JAX rejects (`twice`); None where a type is not known."""
    if kept is None:
        return None
    if isinstance(kept, tuple):
        return einsum_kept(lhs, rhs, kept)
    return tuple(d for part in kept for d in part)


def result(kept: list) -> Type | None:
    """The type of a dot_general's or a gather's result: the dimensions each operand keeps, in
    order (see `kept_type`). None where an axis would split two dimensions."""
    out = tuple(d for part in kept for d in part)
    return out if twice(out) is None else None


def broadcast_conflict(operands: list) -> tuple | None:
    """The operands' types, each padded at the left to the result's rank (as broadcasting
    aligns shapes at the right), where two of them split one dimension over different mesh
    axes: JAX's broadcasting rule raises there, whatever the others are (an unsplit dimension
    takes the other's split). None where no two known types conflict."""
    types = [v.spec for v in operands if isinstance(v, ArrayV) and v.spec is not None]
    if len(types) < 2:
        return None
    rank = max(map(len, types))
    padded = [((),) * (rank - len(t)) + tuple(t) for t in types]
    for i in range(rank):
        split = [t[i] for t in padded if t[i]]
        if any(d != split[0] for d in split[1:]):
            return tuple(padded)
    return None


def twice(t: Type) -> str | None:
    """The first mesh axis that splits two dimensions of a type (which no array may have)."""
    seen: set = set()
    for d in t:
        for a in d:
            if a in seen:
                return a
            seen.add(a)
    return None


def matmul_dims(lhs: ArrayV, rhs: ArrayV, op: str) -> tuple | None:
    """`jnp.matmul` (`@`) or `jnp.dot` of arrays of known rank: the dimension of each they
    contract (lhs's last with rhs's second-last, or its only one), and the types of what each
    keeps into the result, in order (None for a batched matmul, whose result is not typed
    here)."""
    if lhs.shape is None or rhs.shape is None or not lhs.shape or not rhs.shape:
        return None
    lc, rc = len(lhs.shape) - 1, max(len(rhs.shape) - 2, 0)
    if lhs.spec is None or rhs.spec is None or (op != "dot" and len(rhs.shape) > 2 and len(lhs.shape) > 1):
        return (lc,), (rc,), None
    kept = [lhs.spec[:-1], tuple(d for i, d in enumerate(rhs.spec) if i != rc)]
    return (lc,), (rc,), kept


def einsum_dims(subscripts, lhs: ArrayV, rhs: ArrayV) -> tuple | None:
    """`jnp.einsum("...->...", lhs, rhs)` with explicit output labels and no `...`: the
    dimensions of each it contracts (labels in both and not in the output), and the output's
    labels with where each comes from."""
    if not (isinstance(subscripts, Const) and isinstance(subscripts.value, str)) or lhs.shape is None \
            or rhs.shape is None:
        return None
    text = subscripts.value.replace(" ", "")
    inputs, arrow, output = text.partition("->")
    terms = inputs.split(",")
    if not arrow or "." in text or len(terms) != 2 or not all(t.isalpha() for t in terms) \
            or (output and not output.isalpha()):
        return None
    a, b = terms
    if len(a) != len(lhs.shape) or len(b) != len(rhs.shape) or len(set(a)) != len(a) or len(set(b)) != len(b):
        return None
    shared = [c for c in a if c in b and c not in output]
    return tuple(a.index(c) for c in shared), tuple(b.index(c) for c in shared), (a, b, output)


def einsum_kept(lhs: ArrayV, rhs: ArrayV, labels: tuple) -> Type | None:
    """Each output dimension of an einsum, split as the operand that has it splits it (an axis
    may split two of them: see `twice`); None where the two split one differently or a type is
    not known."""
    a, b, output = labels
    if lhs.spec is None or rhs.spec is None:
        return None
    out = []
    for c in output:
        if c in a and c in b:  # a batch dimension: JAX keeps lhs's split, where rhs's may differ
            if lhs.spec[a.index(c)] != rhs.spec[b.index(c)]:
                return None
            out.append(lhs.spec[a.index(c)])
        else:
            out.append(lhs.spec[a.index(c)] if c in a else rhs.spec[b.index(c)])
    return tuple(out)


def gather(table: ArrayV, indices: ArrayV) -> tuple | None:
    """`table[indices]` (`jnp.take(table, indices, axis=0)`, an embedding lookup): whether JAX
    fails to type the gather, and the result's type: the indices' dimensions, then the table's
    others. JAX gives the result a type only where both are unsplit, or the indices are unsplit
    and the table's first dimension is; else (split indices fail whatever the table's type) it
    asks for `out_sharding`, and the type given is the indices' dimensions split as they are and
    the rows' replicated (as a tensor-parallel embedding's output is). None where a type that
    decides it is not known."""
    if indices.spec is None:
        return None
    rank = len(table.spec) if table.spec is not None else len(table.shape) if table.shape else None
    if any(indices.spec):  # (whatever the table's type)
        return True, (*indices.spec, *((),) * (rank - 1)) if rank else None
    if table.spec is None or not table.spec:
        return None
    if table.spec[0]:
        return True, (*indices.spec, *((),) * (rank - 1))
    return False, result([indices.spec, table.spec[1:]])


def indexed(t: Type | None, parts: list) -> Type | None:
    """The type of `x[...]` by basic indexing (`parts` as `shapes.indexed` reads them): the
    dimensions a slice keeps and `None` adds, those an integer takes dropped. None where a
    split dimension is taken part of (or the index is not basic)."""
    if t is None or sum(1 for p in parts if p[0] == "ellipsis") > 1:
        return None
    dims, out = list(t), []
    for i, p in enumerate(parts):
        if p[0] == "new":
            out.append(())
        elif p[0] == "ellipsis":
            take = len(dims) - sum(1 for q in parts[i + 1:] if q[0] in ("int", "slice"))
            if take < 0:
                return None
            out.extend(dims[:take])
            dims = dims[take:]
        elif p[0] in ("int", "slice") and dims:
            d = dims.pop(0)
            whole = p[0] == "slice" and p[1:] == (None, None, None)
            if d and not whole:
                return None
            if p[0] == "slice":
                out.append(d)
        else:
            return None
    return (*out, *dims)


def uneven_cut(t: Type | None, parts: list, shape: tuple | None, sizes: dict) -> tuple | None:
    """Where `x[...]` by basic indexing (`parts` as `indexed` reads them) takes part of a
    dimension split over mesh axes whose total size does not divide what it keeps (an integer
    keeps 1): see `uneven_kept`. None where none is known to."""
    if t is None or shape is None or len(shape) != len(t) or sum(1 for p in parts if p[0] == "ellipsis") > 1 \
            or any(p[0] not in ("int", "slice", "new", "ellipsis") for p in parts):
        return None  # (an array of indices gathers: another rule)
    kept: list = [None] * len(t)
    at = 0
    for i, p in enumerate(parts):
        if p[0] == "new":
            continue
        if p[0] == "ellipsis":
            at = len(t) - sum(1 for q in parts[i + 1:] if q[0] in ("int", "slice"))
            continue
        if at >= len(t):
            return None
        n = shape[at]
        if p[0] == "int":
            kept[at] = 1
        elif p[1:] != (None, None, None) and n is not None and all(b is None or isinstance(b, int) for b in p[1:]):
            kept[at] = len(range(n)[slice(*p[1:])])
        at += 1
    return uneven_kept(t, kept, sizes)


def uneven_kept(t: Type | None, kept: tuple | list, sizes: dict) -> tuple | None:
    """Where a block of an array of type `t` keeps, of a dimension split over mesh axes (`sizes`
    their sizes), a size (`kept`, by dimension: None where whole or not known) that their total
    size does not divide: (the dimension, the size kept, its axes, their total size). JAX's
    slicing and `dynamic_slice` rules cannot type such a block. None where none is known to."""
    if t is None or len(kept) != len(t):
        return None
    for at, (d, k) in enumerate(zip(t, kept)):
        if d and k is not None and all(a in sizes for a in d):
            total = math.prod(sizes[a] for a in d)
            if total > 1 and k % total:
                return at, k, d, total
    return None


# What JAX's reshape rule gives where it cannot type the result (a ShardingTypeError).
UNSUPPORTED = "unsupported"


class _Unsupported(Exception):
    pass


def reshaped(shape: tuple, t: Type, new: tuple, sizes: dict, splits_axes: bool):
    """The type JAX's reshape rule gives an array of `shape` and type `t` reshaped to `new`
    (given no `out_sharding`), UNSUPPORTED where it raises, None where not known (an axis size
    it needs not known, a shape its rule asserts on). The rule keeps a type through dimensions
    of one added or dropped, and through a split or a merge of one dimension; from JAX 0.10
    (`splits_axes`) a split or merged dimension takes the mesh axes in order, each dividing
    what is left of it, before 0.10 only a merge's first dimension's, or a split's first part."""
    if not any(t):
        return ((),) * len(new)
    if [s for s in shape if s != 1] == [s for s in new if s != 1]:
        kept = iter(d for s, d in zip(shape, t) if s != 1)
        return tuple(() if n == 1 else next(kept) for n in new)
    try:
        split = _one_axis(shape, new, splits_axes)
        if split is not None:
            return _split(split, t, sizes, splits_axes)
        merge = _one_axis(new, shape, splits_axes)
    except _Unsupported:
        return UNSUPPORTED
    if merge is None:
        return UNSUPPORTED
    return _merge(merge, t, new, sizes, splits_axes)


def reshape_out(shape: tuple, t: Type, new: tuple, sizes: dict) -> Type | None:
    """A sharding to give a reshape JAX's rule cannot type (its `out_sharding`): what the rule
    from JAX 0.10 infers, where it does; else the type with the dimensions split or merged
    whole and the rest as they were. None where more than one dimension is split or merged."""
    out = reshaped(shape, t, new, sizes, True)
    if isinstance(out, tuple):
        return out
    try:
        split = _one_axis(shape, new, True)
        merge = _one_axis(new, shape, True) if split is None else None
    except _Unsupported:
        return None
    if split is not None:
        return tuple(e for parts, d in zip(split, t) for e in ([()] * len(parts) if isinstance(parts, list) else [d]))
    if merge is None:
        return None
    dims = iter(t)
    return tuple(() if isinstance(parts, list) and [next(dims) for _ in parts] else next(dims) for parts in merge)


def _one_axis(op: tuple, new: tuple, splits_axes: bool) -> list | None:
    """JAX's `_split_on_one_axis`: where `new` splits one dimension of `op` (and keeps the
    rest), for each dimension of `op` its size or the list of sizes it splits into; None where
    it does not; _Unsupported where it splits more than one."""
    if len(new) <= len(op):
        return None
    rank, ones = len(op), 0
    while op and new and op[-1] == 1 and new[-1] == 1:
        ones += 1
        op, new = op[:-1], new[:-1]
    i = j = count = 0
    out = []
    while j < len(new):
        if i >= len(op):
            return None
        if op[i] == new[j]:
            out.append(op[i])
        else:
            count += 1
            if count > 1:
                raise _Unsupported()
            parts, nj, ni = [new[j]], j + 1, i + 1
            while _prod(parts) != op[i] or (nj < len(new) and new[nj] == 1):
                if _prod(parts) > op[i]:
                    return None
                if splits_axes and _prod(parts) == op[i] and ni < len(op) and new[nj] == op[ni]:
                    break
                j += 1
                if j >= len(new):
                    return None
                parts.append(new[j])
                nj += 1
            out.append(parts)
        i += 1
        j += 1
    out.extend([1] * ones)
    return out if len(out) == rank else None


def _prod(sizes: list) -> int:
    n = 1
    for s in sizes:
        n *= s
    return n


def _split(split: list, t: Type, sizes: dict, splits_axes: bool):
    out = []
    for parts, d in zip(split, t):
        if not isinstance(parts, list):
            out.append(d)
        elif not d:
            out.extend([()] * len(parts))
        elif splits_axes:
            taken = _partitions(list(d), parts, sizes)
            if not isinstance(taken, list):
                return taken
            out.extend(taken)
        else:
            size = _size(d, sizes)
            if size is None:
                return None
            if parts[0] % size:
                return UNSUPPORTED
            out.extend([d] + [()] * (len(parts) - 1))
    return tuple(out)


def _merge(merge: list, t: Type, new: tuple, sizes: dict, splits_axes: bool):
    dims, out = iter(t), []
    for n, parts in zip(new, merge):
        if not isinstance(parts, list):
            out.append(next(dims))
            continue
        group = [next(dims) for _ in parts]
        if not any(group):
            out.append(())
        elif splits_axes:
            flat = [a for d in group for a in (d or (None,))]
            while flat[-1] is None:
                flat.pop()
            if None in flat:
                return UNSUPPORTED
            taken = _partitions(flat, [n], sizes)
            if not isinstance(taken, list):
                return taken
            out.extend(taken)
        elif group[0] and not any(group[1:]):
            out.append(group[0])
        else:
            return UNSUPPORTED
    return tuple(out)


def _partitions(axes: list, parts: list, sizes: dict):
    """JAX's `split_partitions`: the mesh axes in order, each given to the next part of a
    dimension it divides what is left of; UNSUPPORTED where one does not divide it."""
    left, out = iter(axes), []
    for n in parts:
        dim = []
        while n > 1:
            a = next(left, None)
            if a is None:
                break
            if sizes.get(a) is None:
                return None
            n, rest = divmod(n, sizes[a])
            if rest:
                return UNSUPPORTED
            dim.append(a)
        out.append(tuple(dim))
    return out if next(left, None) is None else None


def _size(d: tuple, sizes: dict) -> int | None:
    n = 1
    for a in d:
        if sizes.get(a) is None:
            return None
        n *= sizes[a]
    return n
