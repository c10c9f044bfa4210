"""The sharding type a reshape gives an array on a mesh whose axes are Explicit (stypes.reshaped),
checked against what the installed JAX computes for every way of splitting a few shapes over a
2×2 mesh, and against JAX 0.8.2's older rule where the two differ (measured with JAX 0.8.2)."""

import itertools

import jax
import jax.numpy as jnp
import pytest
from jax.sharding import AbstractMesh, AxisType, NamedSharding, PartitionSpec as P

from shardlint.analysis.interp.stypes import UNSUPPORTED, reshaped
from shardlint.analysis.jaxfacts import RESHAPE_SPLITS_AXES, parse_version

SIZES = {"data": 2, "model": 2}
MESH = AbstractMesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
SPLITS = [(), ("data",), ("model",), ("data", "model"), ("model", "data")]
RESHAPES = {
    (8, 16): [(128,), (16, 8), (8, 2, 8), (2, 4, 16), (1, 8, 16), (8, 16, 1)],
    (8, 16, 32): [(128, 32), (8, 512), (4096,), (8, 16, 4, 8), (2, 4, 16, 32), (8, 2, 8, 32), (16, 8, 32)],
    (4, 8, 32): [(32, 32), (4, 256), (2, 2, 8, 32), (4, 8, 4, 8)],
    (8, 4, 4, 16): [(8, 256), (32, 4, 16), (128, 16), (8, 16, 16), (2, 4, 4, 4, 16)],
    (8, 1, 16): [(8, 16), (4, 2, 1, 16), (128,)],
    (4, 6, 8): [(24, 8), (4, 48), (192,), (2, 2, 6, 8)],
}


def _types(shape):
    """Every type of `shape` over the mesh: each axis splits at most one dimension, and a
    dimension only as many ways as its size allows."""
    for t in itertools.product(SPLITS, repeat=len(shape)):
        axes = [a for d in t for a in d]
        if len(axes) == len(set(axes)) and all(n % (2 ** len(d)) == 0 for n, d in zip(shape, t)):
            yield t


CASES = [(shape, t, new) for shape, news in RESHAPES.items() for t in _types(shape) for new in news]


def _jax_type(shape, t, new):
    spec = P(*(None if not d else d[0] if len(d) == 1 else d for d in t))
    x = jax.ShapeDtypeStruct(shape, jnp.float32, sharding=NamedSharding(MESH, spec))
    try:
        got = jax.eval_shape(lambda a: a.reshape(new), x).sharding.spec
    except Exception as e:  # (ShardingTypeError: not exported under one name in every version)
        assert type(e).__name__ == "ShardingTypeError", e
        return UNSUPPORTED
    parts = list(got) + [None] * (len(new) - len(got))
    return tuple(() if p is None else (p,) if isinstance(p, str) else tuple(p) for p in parts)


def test_the_cases_cover_every_outcome():
    new_rule = parse_version(jax.__version__) >= RESHAPE_SPLITS_AXES
    outs = [reshaped(s, t, n, SIZES, new_rule) for s, t, n in CASES]
    typed = sum(isinstance(o, tuple) and any(o) for o in outs)
    assert len(CASES) > 500 and outs.count(UNSUPPORTED) > 50 and typed > 300


@pytest.mark.parametrize("shape,t,new", CASES, ids=lambda v: str(v).replace(" ", ""))
def test_reshape_type_is_jax_s(shape, t, new):
    new_rule = parse_version(jax.__version__) >= RESHAPE_SPLITS_AXES
    assert reshaped(shape, t, new, SIZES, new_rule) == _jax_type(shape, t, new)


# Measured with JAX 0.8.2 (its rule gives a merged or split dimension one mesh axis at most):
# (shape, type, new shape, JAX 0.10's result, JAX 0.8's).
OLD_AND_NEW = [
    ((8, 16), (("model",), ()), (8, 2, 8), (("model",), (), ()), (("model",), (), ())),
    ((8, 16), ((), ("model", "data")), (8, 2, 8), ((), ("model",), ("data",)), UNSUPPORTED),
    ((8, 16), (("data",), ()), (16, 8), UNSUPPORTED, UNSUPPORTED),
    ((8, 16, 32), (("data",), ("model",), ()), (4096,), (("data", "model"),), UNSUPPORTED),
    ((4, 8, 32), (("data",), ("model",), ()), (32, 32), (("data", "model"), ()), UNSUPPORTED),
    ((8, 4, 4, 16), (("data", "model"), (), (), ()), (2, 4, 4, 4, 16), (("data",), ("model",), (), (), ()),
     UNSUPPORTED),
    ((8, 1, 16), (("data", "model"), (), ()), (4, 2, 1, 16), (("data", "model"), (), (), ()), UNSUPPORTED),
    ((8, 4, 4, 16), (("data",), (), (), ("model",)), (8, 256), UNSUPPORTED, UNSUPPORTED),
    ((8, 16, 128), (("data",), (), ("model",)), (8, 16, 4, 32), (("data",), (), ("model",), ()),
     (("data",), (), ("model",), ())),
]


@pytest.mark.parametrize("shape,t,new,new_rule,old_rule", OLD_AND_NEW)
def test_reshape_type_before_and_from_jax_0_10(shape, t, new, new_rule, old_rule):
    assert reshaped(shape, t, new, SIZES, True) == new_rule
    assert reshaped(shape, t, new, SIZES, False) == old_rule


def test_an_axis_size_not_known_leaves_a_split_untyped():
    assert reshaped((8, 16), ((), ("model", "data")), (8, 2, 8), {}, True) is None
    assert reshaped((8, 16), (("data",), ()), (128,), {}, False) == (("data",),)
