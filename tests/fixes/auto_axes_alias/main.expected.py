import jax as jx
from jax.sharding import PartitionSpec as P

mesh = jx.make_mesh((4,), ("x",), axis_types=(jx.sharding.AxisType.Auto,))


def total(v):
    return jx.lax.psum(v, "x")


if __name__ == "__main__":
    f = jx.shard_map(total, mesh=mesh, in_specs=P("x"), out_specs=P())
    jx.jit(f).trace(jx.ShapeDtypeStruct((8, 16), jx.numpy.float32)).lower(lowering_platforms=("cuda",))
