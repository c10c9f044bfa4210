import jax


def fan_out(x):
    tok = jax.lax.psend(x, "x", perm=((0, 1), (2, 3)))
    return tok


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
    f = jax.shard_map(fan_out, mesh=mesh, in_specs=jax.P("x"), out_specs=jax.P("x"))
    jax.jit(f).trace(jax.ShapeDtypeStruct((8, 16), jax.numpy.float32)).lower(lowering_platforms=("cuda",))
