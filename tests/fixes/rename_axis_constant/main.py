import jax

AXES = ("replica", "data")  # every axis the gradient varies over


def global_norm(g):
    return jax.numpy.sqrt(jax.lax.psum(jax.numpy.sum(g * g), AXES))


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
    f = jax.shard_map(global_norm, mesh=mesh, in_specs=jax.P("data"), out_specs=jax.P())
    jax.jit(f).trace(jax.ShapeDtypeStruct((8, 16), jax.numpy.float32)).lower(lowering_platforms=("cuda",))
