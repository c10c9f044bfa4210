import jax

PERM = [(0, 1)]  # a pipeline over three stages


def halo(u):
    return jax.lax.ppermute(u, "y", PERM)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
    f = jax.shard_map(halo, mesh=mesh, in_specs=jax.P("x", "y"), out_specs=jax.P("x", "y"))
    jax.jit(f).trace(jax.ShapeDtypeStruct((8, 16), jax.numpy.float32)).lower(lowering_platforms=("cuda",))
