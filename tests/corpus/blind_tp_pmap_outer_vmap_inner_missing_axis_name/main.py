"""Nested named axes: pmap over devices, vmap over local experts, one psum over both names (the vmap lost its axis_name)."""
import jax
import jax.numpy as jnp


def expert_out(w, x):
    y = jnp.tanh(x @ w)
    return jax.lax.psum(y, ("devices", "experts"))


per_device = jax.vmap(expert_out, in_axes=(0, None))
step = jax.pmap(per_device, axis_name="devices", in_axes=(0, 0))
jax.jit(step).trace(jax.ShapeDtypeStruct((4, 2, 16, 16), jnp.float32),
                    jax.ShapeDtypeStruct((4, 8, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
