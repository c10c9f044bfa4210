import jax
from jax.lax import ppermute

RING = [(0, 1), (1, 2), (2, 3), (3, 0)]


def rotate(v):
    out = ppermute(v, "x", RING)
    return out * 2


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
    f = jax.shard_map(rotate, mesh=mesh, in_specs=jax.P("x"), out_specs=jax.P("x"))
    jax.jit(f).trace(jax.ShapeDtypeStruct((8, 16), jax.numpy.float32)).lower(lowering_platforms=("tpu",))
