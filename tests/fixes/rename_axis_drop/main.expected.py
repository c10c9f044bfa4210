import jax


def norm(g):
    return jax.lax.psum(g * g, ("x",))


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
    f = jax.shard_map(norm, mesh=mesh, in_specs=jax.P("x"), out_specs=jax.P())
    jax.jit(f).trace(jax.ShapeDtypeStruct((8, 16), jax.numpy.float32)).lower(lowering_platforms=("cuda",))
