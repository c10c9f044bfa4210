"""Residual MLP block on an Explicit mesh (Megatron-style w_in column / w_out row sharding)."""
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(AxisType.Explicit,) * 2)


def mlp(x, w_in, w_out):
    h = jax.nn.relu(x @ w_in)           # (B@data, F@model)
    return h @ w_out                     # contracting F@model: needs out_sharding


def residual_block(x, w_in, w_out):
    return x + mlp(x, w_in, w_out)


block = jax.jit(residual_block)

if __name__ == "__main__":
    s = lambda *spec: NamedSharding(mesh, P(*spec))
    with jax.set_mesh(mesh):
        x = jax.ShapeDtypeStruct((32, 128), jnp.float32, sharding=s("data", None))
        w_in = jax.ShapeDtypeStruct((128, 512), jnp.float32, sharding=s(None, "model"))
        w_out = jax.ShapeDtypeStruct((512, 128), jnp.float32, sharding=s("model", None))
        block.trace(x, w_in, w_out).lower(lowering_platforms=("tpu",))
