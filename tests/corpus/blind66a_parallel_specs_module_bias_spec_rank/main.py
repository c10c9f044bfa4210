import jax
import jax.numpy as jnp

from parallel import *

mesh = jax.make_mesh((2, 2), (DATA, MODEL))

d_model, d_ff = 256, 1024
params = {
    "w1": jax.ShapeDtypeStruct((d_model, d_ff), jnp.float32),
    "b1": jax.ShapeDtypeStruct((d_ff,), jnp.float32),
    "w2": jax.ShapeDtypeStruct((d_ff, d_model), jnp.float32),
    "b2": jax.ShapeDtypeStruct((d_model,), jnp.float32),
}
x = jax.ShapeDtypeStruct((64, d_model), jnp.float32)

forward = jax.jit(
    jax.shard_map(mlp_block, mesh=mesh, in_specs=(PARAM_SPECS, ACT), out_specs=ACT))
forward.trace(params, x).lower(lowering_platforms=("tpu",))
