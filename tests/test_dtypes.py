"""The dtypes the analysis computes (analysis/interp/dtypes.py) against the installed JAX: its
promotion of every pair of array types and of arrays with Python numbers, and the result type of
every function the tables name, on arrays of each type. A dtype the analysis gives must be JAX's;
None (not known) is allowed, and is required where JAX's result is weakly typed."""

from __future__ import annotations

import itertools

import pytest

from shardlint.analysis.interp import dtypes
from shardlint.analysis.interp.values import ArrayV, Const, Seq

jax = pytest.importorskip("jax")
jnp = jax.numpy

pytestmark = pytest.mark.jax

TYPES = ["bool", "int8", "int16", "int32", "uint8", "uint16", "uint32", "bfloat16", "float16", "float32"]


@pytest.mark.parametrize("a,b", list(itertools.combinations_with_replacement(TYPES, 2)))
def test_promotion_of_arrays_is_jax(a, b):
    assert dtypes.join([a, b]) == str(jnp.promote_types(a, b))


@pytest.mark.parametrize("a", TYPES)
@pytest.mark.parametrize("number", [True, 2, 2.5, 1j])
def test_promotion_with_a_python_number_is_jax_or_unknown_where_weak(a, number):
    out = jax.eval_shape(lambda x: x + number if a != "bool" or type(number) is not bool else x | number,
                         jax.ShapeDtypeStruct((2,), a))
    ours = dtypes.promote([ArrayV((2,), a), Const(number)])
    assert ours == (None if out.weak_type else str(out.dtype))


def test_names_are_canonicalized_as_jax_without_x64():
    assert [dtypes.canonical(n) for n in ("float64", "float", "int64", "int", "complex128", "bool_", "float32")] == [
        "float32", "float32", "int32", "int32", "complex64", "bool", "float32"]
    assert dtypes.canonical("float8_e4m3fn") is None


_UNARY = sorted((dtypes._KEEPING | dtypes._FLOAT_KEEPING | dtypes._INDEXING | dtypes._TESTING | dtypes._SUMMING)
                - {"reshape", "broadcast_to", "broadcast_in_dim", "tile", "repeat", "take", "take_along_axis", "pad",
                   "dynamic_slice", "dynamic_slice_in_dim", "dynamic_update_slice", "slice", "slice_in_dim",
                   "with_sharding_constraint", "reshard", "device_put", "psum", "pmean", "pmax", "pmin", "all_gather",
                   "ppermute", "psum_scatter", "all_to_all", "pcast", "pvary", "collapse", "squeeze_dims", "rev",
                   "split", "array_split", "searchsorted", "swapaxes", "moveaxis", "diagonal", "normalize",
                   "standardize", "glu", "array_equal", "isclose", "squeeze", "argwhere"})
# what each needs besides the array (the binary tests: the array again)
_MORE = {"roll": (1,), "permute_dims": ((1, 0),), "expand_dims": (0,),
         **{n: ("again",) for n in dtypes._TESTING
            if n not in ("logical_not", "isnan", "isinf", "isfinite", "all", "any")}}


def _function(short: str):
    for module in (jnp, jax.nn, jax.lax):
        f = getattr(module, short, None)
        if callable(f):
            return f
    return None


@pytest.mark.parametrize("short", _UNARY)
@pytest.mark.parametrize("dtype", ["bool", "int8", "int32", "uint8", "bfloat16", "float32"])
def test_one_operand_functions_are_typed_as_jax(short, dtype):
    f = _function(short)
    assert f is not None, short
    ours = dtypes.of_call(short, [ArrayV((4, 4), dtype)], {})
    if ours is None:
        return
    more = _MORE.get(short, ())
    out = jax.eval_shape(lambda x: f(x, *(x if m == "again" else m for m in more)), jax.ShapeDtypeStruct((4, 4), dtype))
    assert not out.weak_type and ours == str(out.dtype), (short, dtype, out)


@pytest.mark.parametrize("short", sorted(dtypes._PROMOTING - {"einsum", "where", "select", "append", "tensordot"}))
@pytest.mark.parametrize("a,b", [("bfloat16", "float32"), ("int32", "float32"), ("int8", "uint8"),
                                 ("bfloat16", "bfloat16"), ("int32", "int32")])
def test_promoting_functions_are_typed_as_jax(short, a, b):
    f = _function(short)
    assert f is not None, short
    x, y = ArrayV((4, 4), a), ArrayV((4, 4), b)
    stacking = short in ("concatenate", "stack", "hstack", "vstack", "dstack", "column_stack")
    ours = dtypes.of_call(short, [Seq((x, y))] if stacking else [x, y], {})
    structs = (jax.ShapeDtypeStruct((4, 4), a), jax.ShapeDtypeStruct((4, 4), b))
    out = jax.eval_shape((lambda p, q: f([p, q])) if stacking else f, *structs)
    assert ours == str(out.dtype), (short, a, b, out)


def test_where_promotes_its_cases_and_einsum_its_operands():
    cond = ArrayV((4,), "bool")
    assert dtypes.of_call("where", [cond, ArrayV((4,), "bfloat16"), Const(0.0)], {}) == "bfloat16"
    assert dtypes.of_call("einsum", [Const("ij,jk->ik"), ArrayV((2, 2), "bfloat16"), ArrayV((2, 2), "float32")],
                          {}) == "float32"


def _layer(name: str, keywords: dict):
    """The framework layer `name` (8 features) made with `keywords`, as a function of its input."""
    import equinox as eqx
    from flax import linen as nn
    from flax import nnx

    dims = {"flax.nnx.Embed": (16, 8), "flax.linen.Embed": (16, 8)}.get(name, (8, 8))
    if name.startswith("flax.nnx."):
        cls = getattr(nnx, name.rsplit(".", 1)[-1])
        if name == "flax.nnx.MultiHeadAttention":
            return cls(2, 8, decode=False, rngs=nnx.Rngs(0), **keywords)
        if name == "flax.nnx.Dropout":
            return cls(0.5, deterministic=True, **keywords)
        if name.endswith("Norm"):
            return cls(8, rngs=nnx.Rngs(0), **keywords)
        return cls(*dims, rngs=nnx.Rngs(0), **keywords)
    if name.startswith("flax.linen."):
        cls = getattr(nn, name.rsplit(".", 1)[-1])
        module = cls(**({"num_embeddings": 16, "features": 8} if name.endswith("Embed") else
                        {} if name.endswith("Norm") else {"num_heads": 2} if "Attention" in name
                        else {"features": 8}), **keywords)
        return lambda x: module.apply(module.init(jax.random.key(0), x), x)
    cls = getattr(eqx.nn, name.rsplit(".", 1)[-1])
    if name == "equinox.nn.MultiheadAttention":  # (a sequence of 2 queries, attending to itself)
        layer = cls(2, 8, key=jax.random.key(0), **keywords)
        return lambda x: layer(x, x, x)
    if name.endswith("Norm"):
        layer = cls(8, **keywords)
    elif name.endswith("Embedding"):
        layer = cls(16, 8, key=jax.random.key(0), **keywords)
    else:
        layer = cls(8, 8, key=jax.random.key(0), **keywords)
    return jax.vmap(layer) if not name.endswith("Embedding") else jax.vmap(layer)


_LAYERS = sorted((dtypes._WITH_PARAMS | dtypes._OF_PARAMS | dtypes._KEEPING_LAYERS)
                 - {"flax.nnx.LinearGeneral", "flax.nnx.Einsum", "flax.nnx.Conv", "flax.linen.DenseGeneral",
                    "flax.linen.Einsum", "flax.linen.Conv", "flax.nnx.GroupNorm", "flax.linen.GroupNorm",
                    "equinox.nn.GroupNorm", "flax.nnx.BatchNorm", "flax.linen.BatchNorm", "flax.linen.Dropout",
                    "equinox.nn.Dropout"})


@pytest.mark.parametrize("name", _LAYERS)
@pytest.mark.parametrize("keywords", [{}, {"dtype": "bfloat16"}, {"param_dtype": "bfloat16"}])
@pytest.mark.parametrize("x", ["bfloat16", "float32", "int32"])
def test_framework_layers_are_typed_as_the_frameworks(name, keywords, x):
    if "param_dtype" in keywords and not name.startswith("flax.") or x == "int32" and not name.endswith(
            ("Embed", "Embedding")) or x != "int32" and name.endswith(("Embed", "Embedding")):
        return
    if name in ("flax.nnx.Dropout",) and keywords:
        return
    ours = dtypes.layer_output(name, ArrayV((2, 8) if x != "int32" else (2,), x),
                               {k: Const(v) for k, v in keywords.items()})
    if ours is None:
        return
    layer = _layer(name, {k: getattr(jnp, v) for k, v in keywords.items()})
    out = jax.eval_shape(layer, jax.ShapeDtypeStruct((2, 8) if x != "int32" else (2,), x))
    assert ours == str(out.dtype), (name, keywords, x, out.dtype)


def test_layers_not_in_the_tables_are_not_typed():
    assert dtypes.layer_output("equinox.nn.Conv1d", ArrayV((8, 16), "bfloat16"), {}) is None


@pytest.mark.parametrize("x,y", [("bfloat16", "bfloat16"), ("bfloat16", "float32")])
@pytest.mark.parametrize("keywords", [{}, {"dtype": "bfloat16"}])
def test_attention_of_queries_and_keys_is_typed_as_flax(x, y, keywords):
    """An attention layer given queries and keys of two dtypes computes in their promoted type
    (or its `dtype=`), as Flax's does."""
    from flax import linen as nn

    module = nn.MultiHeadDotProductAttention(num_heads=2, **{k: getattr(jnp, v) for k, v in keywords.items()})
    out = jax.eval_shape(lambda q, k: module.apply(module.init(jax.random.key(0), q, k), q, k),
                         jax.ShapeDtypeStruct((2, 8), x), jax.ShapeDtypeStruct((2, 8), y))
    given = dtypes.layer_input("flax.linen.MultiHeadDotProductAttention", [ArrayV((2, 8), x), ArrayV((2, 8), y)])
    assert dtypes.layer_output("flax.linen.MultiHeadDotProductAttention", given,
                               {k: Const(v) for k, v in keywords.items()}) == str(out.dtype)


# jax.lax's non-promoting operations on operands of two dtypes (each array of shape (4,)):
# (the call, how the analysis reads its arguments: an array of the first or second dtype, a
# Python number, or another value).
LAX_CALLS = [
    ("add", lambda a, b: jax.lax.add(a, b), ["a", "b"]),
    ("mul", lambda a, b: jax.lax.mul(a, 2.0), ["a", 2.0]),
    ("lt", lambda a, b: jax.lax.lt(a, b), ["a", "b"]),
    ("select", lambda a, b: jax.lax.select(a > 0, a, b), ["bool", "a", "b"]),
    ("clamp", lambda a, b: jax.lax.clamp(b, a, b), ["b", "a", "b"]),
    ("concatenate", lambda a, b: jax.lax.concatenate([a, b], 0), [("a", "b"), 0]),
    ("dynamic_update_slice", lambda a, b: jax.lax.dynamic_update_slice(a, b, (0,)), ["a", "b", None]),
    ("pad", lambda a, b: jax.lax.pad(a, b[0], [(1, 1, 0)]), ["a", "b0", None]),
]


def _lax_value(v, a: str, b: str):
    if isinstance(v, tuple):
        return Seq(tuple(_lax_value(i, a, b) for i in v), "list")
    if v in ("a", "b", "bool"):
        return ArrayV((4,), {"a": a, "b": b, "bool": "bool"}[v])
    if v == "b0":
        return ArrayV((), b)
    return Const(v)


@pytest.mark.parametrize("short,call,args", LAX_CALLS, ids=[c[0] for c in LAX_CALLS])
@pytest.mark.parametrize("a,b", [("bfloat16", "float32"), ("float32", "float32"), ("int32", "float32")])
def test_lax_operations_that_do_not_promote_fail_as_jax(short, call, args, a, b):
    """`lax_mismatch` is the dtypes JAX's TypeError names, in its order, where JAX raises one,
    and None where JAX takes the operands."""
    try:
        jax.eval_shape(call, jax.ShapeDtypeStruct((4,), a), jax.ShapeDtypeStruct((4,), b))
        theirs = None
    except TypeError as e:
        said = str(e).split("got ", 1)[1].split(".")[0].replace(" and ", ", ")
        theirs = tuple(said.split(", "))
    assert dtypes.lax_mismatch(short, [_lax_value(v, a, b) for v in args]) == theirs


@pytest.mark.parametrize("fill", [0.0, 1])
def test_a_weakly_typed_full_is_its_default_type_to_lax(fill):
    """`jnp.full(shape, python number)` promotes as a weak type in jax.numpy, and is the number's
    default type to jax.lax's operations, as JAX takes it."""
    weak = jax.eval_shape(lambda: jnp.full((4,), fill))
    assert weak.weak_type
    with pytest.raises(TypeError, match="bfloat16"):
        jax.eval_shape(lambda x: jax.lax.add(x, jnp.full((4,), fill)), jax.ShapeDtypeStruct((4,), "bfloat16"))
    assert dtypes.lax_mismatch("add", [ArrayV((4,), "bfloat16"), ArrayV((4,), None, weak=str(weak.dtype))]) == (
        "bfloat16", str(weak.dtype))


@pytest.mark.parametrize("a", TYPES)
@pytest.mark.parametrize("number", [True, 2, 2.5, 1j])
def test_a_weakly_typed_result_is_jax(a, number):
    """`weak_result` is the dtype of what JAX types weakly (`jnp.arange(n) * 0.5`: weak
    float32), and None where JAX's result is not weak."""
    out = jax.eval_shape(lambda x: x + number if a != "bool" or type(number) is not bool else x | number,
                         jax.ShapeDtypeStruct((2,), a))
    assert dtypes.weak_result([ArrayV((2,), a), Const(number)]) == (str(out.dtype) if out.weak_type else None)


@pytest.mark.parametrize("fill", [0, 0.5])
@pytest.mark.parametrize("b", TYPES)
def test_a_weakly_typed_array_promotes_as_jax(fill, b):
    """A weakly typed array (`jnp.full(shape, 0.5)`) takes the other operand's type where JAX
    promotes: `promote` gives it where JAX's result is strong, `weak_result` where it is weak."""
    weak = jax.eval_shape(lambda: jnp.full((2,), fill))
    out = jax.eval_shape(lambda y: jnp.full((2,), fill) * y, jax.ShapeDtypeStruct((2,), b))
    operands = [ArrayV((2,), None, weak=str(weak.dtype)), ArrayV((2,), b)]
    assert dtypes.promote(operands) == (None if out.weak_type else str(out.dtype))
    assert dtypes.weak_result(operands) == (str(out.dtype) if out.weak_type else None)


_RESHAPING = {"reshape": (16,), "squeeze": (), "broadcast_to": ((2, 4, 4),), "swapaxes": (0, 1), "moveaxis": (0, 1),
              "tile": (2,), "repeat": (2,)}


@pytest.mark.parametrize("short", sorted(set(_UNARY) | _RESHAPING.keys()))
@pytest.mark.parametrize("fill", [2, 0.5])
def test_one_operand_functions_of_a_weakly_typed_array_are_weak_as_jax(short, fill):
    """`weak_call` of a function of one weakly typed array (`jnp.full(shape, 0.5)`) is JAX's
    dtype where JAX's result is weak, or None (not known); never where it is not (a
    reduction's). Every function the table says keeps a weak float does."""
    weak = jax.eval_shape(lambda: jnp.full((4, 4), fill))
    ours = dtypes.weak_call(short, [ArrayV((4, 4), None, weak=str(weak.dtype))], {})
    f = _function(short)
    more = _RESHAPING.get(short, _MORE.get(short, ()))
    try:
        out = jax.eval_shape(lambda: f(jnp.full((4, 4), fill)[None] if short == "squeeze" else jnp.full((4, 4), fill),
                                       *(jnp.full((4, 4), fill) if m == "again" else m for m in more)))
    except TypeError:  # (a function of floats only, given a weak int32)
        assert ours is None
        return
    assert ours is None or (out.weak_type and ours == str(out.dtype)), (short, fill, out)
    assert ours is not None or not (isinstance(fill, float) and short in dtypes._WEAK_KEEPING)


@pytest.mark.parametrize("short", sorted(dtypes._PROMOTING - {"einsum", "where", "select", "append", "tensordot",
                                                              "concatenate", "stack", "hstack", "vstack", "dstack",
                                                              "column_stack"}))
@pytest.mark.parametrize("a", ["int32", "bfloat16", "bool"])
@pytest.mark.parametrize("number", [2, 0.5])
def test_promoting_functions_of_a_weakly_typed_array_are_weak_as_jax(short, a, number):
    f = _function(short)
    out = jax.eval_shape(lambda x: f(x, jnp.full((4, 4), number)), jax.ShapeDtypeStruct((4, 4), a))
    weak = str(jax.eval_shape(lambda: jnp.full((4, 4), number)).dtype)
    ours = dtypes.weak_call(short, [ArrayV((4, 4), a), ArrayV((4, 4), None, weak=weak)], {})
    if short in ("pow", "power"):  # (not known: JAX's power has rules of its own)
        assert ours is None
    else:
        assert ours == (str(out.dtype) if out.weak_type else None), (short, a, number, out)
