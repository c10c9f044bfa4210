"""The shapes the analysis computes for jax.numpy / jax.nn / jax.lax calls, array methods,
operators and indexing, each checked against what JAX itself computes (`jax.eval_shape`)."""

import jax
import jax.numpy as jnp
import pytest

from shardlint.analysis.interp import shapes
from shardlint.analysis.interp.values import ArrayV, Const, Seq

X = (4, 6, 8)

# (function, its name, the shapes of its array arguments in order, other arguments as Python
# values, keywords): each is called on arrays of those shapes (None: a static argument).
CALLS = [
    (jnp.add, "add", [(4, 1, 8), (6, 1)], {}),
    (jnp.where, "where", [(4, 6, 1), (1, 8), ()], {}),
    (jnp.maximum, "maximum", [X, 0.0], {}),
    (jnp.clip, "clip", [X, 0.0, (8,)], {}),
    (jax.lax.mul, "mul", [X, X], {}),
    (jnp.tanh, "tanh", [X], {}),
    (jnp.cumsum, "cumsum", [X], {}),
    (jnp.cumsum, "cumsum", [X, 1], {}),
    (jax.lax.cumsum, "cumsum", [X], {"axis": 1}),
    (jnp.sort, "sort", [X, None], {}),
    (jnp.argsort, "argsort", [X], {}),
    (jnp.sum, "sum", [X], {}),
    (jnp.sum, "sum", [X, 1], {}),
    (jnp.mean, "mean", [X], {"axis": (0, -1)}),
    (jnp.max, "max", [X], {"axis": -1, "keepdims": True}),
    (jnp.argmax, "argmax", [X, -1], {}),
    (jax.nn.logsumexp, "logsumexp", [X], {"axis": 0}),
    (jax.nn.one_hot, "one_hot", [(4, 6), 5], {}),
    (jax.nn.one_hot, "one_hot", [(4, 6), 5], {"axis": 0}),
    (jax.nn.softmax, "softmax", [X], {"axis": -1}),
    (jnp.einsum, "einsum", ["tec,td->ecd", (16, 6, 5), (16, 32)], {}),
    (jnp.einsum, "einsum", ["bij,bjk", (2, 3, 4), (2, 4, 5)], {}),
    (jnp.einsum, "einsum", ["...ij,jk->...ik", (7, 2, 3, 4), (4, 5)], {}),
    (jnp.einsum, "einsum", ["i,i", (3,), (3,)], {}),
    (jnp.matmul, "matmul", [(5, 2, 3), (3, 4)], {}),
    (jnp.matmul, "matmul", [(3,), (3, 4)], {}),
    (jnp.matmul, "matmul", [(2, 3), (3,)], {}),
    (jnp.dot, "dot", [(2, 3, 4), (5, 4, 6)], {}),
    (jnp.dot, "dot", [(2, 3), (3, 4)], {}),
    (jnp.transpose, "transpose", [X], {}),
    (jnp.transpose, "transpose", [X, (1, 0, 2)], {}),
    (jax.lax.transpose, "transpose", [X, (2, 0, 1)], {}),
    (jnp.swapaxes, "swapaxes", [X, 0, -1], {}),
    (jnp.moveaxis, "moveaxis", [X, 0, -1], {}),
    (jnp.expand_dims, "expand_dims", [X, 1], {}),
    (jnp.squeeze, "squeeze", [(4, 1, 8, 1)], {}),
    (jnp.squeeze, "squeeze", [(4, 1, 8, 1), 1], {}),
    (jnp.ravel, "ravel", [X], {}),
    (jnp.broadcast_to, "broadcast_to", [(1, 8), (4, 8)], {}),
    (jax.lax.dynamic_slice, "dynamic_slice", [X, (0, 0, 0), (2, 3, 4)], {}),
    (jax.lax.dynamic_update_slice, "dynamic_update_slice", [X, (1, 6, 8), (0, 0, 0)], {}),
    (jax.lax.dynamic_slice_in_dim, "dynamic_slice_in_dim", [X, 0, 2, 1], {}),
    (jax.lax.dynamic_slice_in_dim, "dynamic_slice_in_dim", [X, 0, 3], {"axis": -1}),
    (jax.lax.dynamic_index_in_dim, "dynamic_index_in_dim", [X, 2], {}),
    (jax.lax.dynamic_index_in_dim, "dynamic_index_in_dim", [X, 2, 1, False], {}),
    (jax.lax.slice, "slice", [X, (0, 1, 0), (4, 5, 8)], {}),
    (jax.lax.slice, "slice", [X, (0, 1, 0), (4, 6, 8), (2, 2, 3)], {}),
    (jax.lax.slice_in_dim, "slice_in_dim", [X, 1, 5], {"axis": 1}),
    (jax.lax.slice_in_dim, "slice_in_dim", [X, None, -1, 2, 2], {}),
    (jax.lax.index_in_dim, "index_in_dim", [X, 3], {"axis": 2, "keepdims": False}),
    (jax.lax.index_in_dim, "index_in_dim", [X, -1, 1], {}),
    (jax.ops.segment_sum, "segment_sum", [(12, 8), (12,)], {"num_segments": 30}),
    (jnp.linalg.norm, "norm", [X], {"axis": -1, "keepdims": True}),
    (jnp.linalg.norm, "norm", [X, None, (0, 1)], {}),
    (jnp.linalg.norm, "norm", [(4, 6)], {}),
    (jnp.fft.fft, "fft", [X], {"axis": 1}),
    (jnp.fft.rfft, "rfft", [X], {}),
    (jnp.fft.rfft, "rfft", [X, 10, 1], {}),
    (jnp.fft.irfft, "irfft", [X], {"axis": 0}),
    (jnp.fft.irfft, "irfft", [X], {"n": 7}),
    (jnp.fft.ifft, "ifft", [X, 3], {}),
]


# the positions of arguments that are tuples of ints, not shapes of arrays
STATIC = {"transpose": {1}, "broadcast_to": {1}, "dynamic_slice": {1, 2}, "dynamic_update_slice": {2}, "slice": {1, 2, 3}, "norm": {2}}


def _static(a):
    return Seq(tuple(Const(d) for d in a)) if isinstance(a, tuple) else Const(a)


@pytest.mark.parametrize("fn,name,args,kwargs", CALLS, ids=[f"{c[1]}{i}" for i, c in enumerate(CALLS)])
def test_call_shape_is_jax(fn, name, args, kwargs):
    static = STATIC.get(name, set())
    shaped = [i for i, a in enumerate(args) if isinstance(a, tuple) and i not in static]
    # (indices are ints: one_hot's operand, segment_sum's segment ids)
    ints = {0} if name == "one_hot" else {1} if name == "segment_sum" else set()
    real = [jnp.zeros(a, jnp.int32 if i in ints else jnp.float32) if i in shaped else a for i, a in enumerate(args)]
    values = [ArrayV(a) if i in shaped else _static(a) for i, a in enumerate(args)]
    ours = shapes.call_shape(name, getattr(jax.lax, name, None) is fn, values,
                             {k: _static(v) for k, v in kwargs.items()})
    if name == "einsum":
        theirs = jax.eval_shape(lambda *ops: fn(args[0], *ops), *real[1:]).shape
    else:
        arrays = [i for i, a in enumerate(real) if hasattr(a, "shape")]
        def call(*ops):
            full = list(real)
            for i, o in zip(arrays, ops):
                full[i] = o
            return fn(*full, **kwargs)
        theirs = jax.eval_shape(call, *(real[i] for i in arrays)).shape
    assert ours == tuple(theirs)


@pytest.mark.parametrize("parts,index", [
    ([("ellipsis",), ("new",)], (Ellipsis, None)),
    ([("slice", None, None, None), ("int",)], (slice(None), 0)),
    ([("int",), ("slice", 1, None, 2)], (2, slice(1, None, 2))),
    ([("new",), ("ellipsis",), ("int",)], (None, Ellipsis, 3)),
    ([("slice", None, -2, None)], (slice(None, -2),)),
])
def test_indexed_is_jax(parts, index):
    assert shapes.indexed(X, parts) == jnp.zeros(X)[index].shape


def test_gathered_rows_are_jax():
    idx = jnp.zeros((5, 2), jnp.int32)
    assert shapes.indexed(X, [("array", (5, 2))]) == jnp.zeros(X)[idx].shape


def test_unknown_stays_unknown():
    assert shapes.broadcast((4, None), (4, 1)) == (4, None)
    assert shapes.broadcast((4, 3), (4, 5)) is None  # JAX rejects it: no shape claimed
    assert shapes.call_shape("sum", False, [ArrayV(X), ArrayV(())], {}) is None  # an axis not known
    assert shapes.call_shape("einsum", False, [Const("ij,jk"), ArrayV((2, 3)), ArrayV(None)], {}) is None
    assert shapes.call_shape("add", False, [ArrayV(X), ArrayV(None)], {}) is None


@pytest.mark.parametrize("fn,sections,axis", [
    (jnp.split, 3, 1),
    (jnp.split, (1, 4), -1),
    (jnp.split, (2, 2), 2),  # an empty piece
    (jnp.array_split, 3, 2),  # 8 rows in 3: 3, 3, 2
    (jnp.split, 2, 0),
])
def test_split_pieces_are_jax(fn, sections, axis):
    ours = shapes.pieces(X, sections, axis, uneven=fn is jnp.array_split)
    theirs = [a.shape for a in jax.eval_shape(lambda x: fn(x, sections, axis), jnp.zeros(X))]
    assert ours == theirs


def test_split_pieces_not_known():
    assert shapes.pieces(X, 5, 1) is None  # jnp.split raises: 6 rows do not split 5 ways
    assert shapes.pieces(X, (2, 100), 2) is None  # and an index past the end
    assert shapes.pieces((4, None), 2, 1) == [(4, None), (4, None)]
    assert shapes.pieces(None, 2, 0) is None


# (function, its name, static arguments, keywords) reducing or reordering an array of shape
# (8, 16, 4) split as ('data', 'model', None) on an Explicit 2x2 mesh.
KEPT_DIMS = [
    (jnp.sum, "sum", [0], {}),
    (jnp.sum, "sum", [1], {"keepdims": True}),
    (jnp.max, "max", [], {}),
    (jnp.mean, "mean", [-1], {}),
    (jnp.argmax, "argmax", [1], {}),
    (jnp.var, "var", [(0, 1)], {}),
    (jax.nn.logsumexp, "logsumexp", [0], {}),
    (jnp.transpose, "transpose", [(2, 0, 1)], {}),
    (jnp.swapaxes, "swapaxes", [0, 2], {}),
]


@pytest.mark.parametrize("fn,name,rest,kwargs", KEPT_DIMS, ids=[f"{c[1]}{i}" for i, c in enumerate(KEPT_DIMS)])
def test_reduced_and_reordered_sharding_types_are_jax(fn, name, rest, kwargs):
    from jax.sharding import AbstractMesh, AxisType, NamedSharding, PartitionSpec as P

    mesh = AbstractMesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
    x = jax.ShapeDtypeStruct((8, 16, 4), jnp.float32, sharding=NamedSharding(mesh, P("data", "model")))
    got = jax.eval_shape(lambda a: fn(a, *rest, **kwargs), x)
    parts = [*got.sharding.spec, *[None] * (len(got.shape) - len(got.sharding.spec))]
    theirs = tuple(() if p is None else (p,) for p in parts)
    ours = shapes.kept_dims_type(name, False, [ArrayV((8, 16, 4), spec=(("data",), ("model",), ())),
                                               *map(_static, rest)], {k: _static(v) for k, v in kwargs.items()})
    assert ours == theirs
