import jax
import jax.numpy as jnp

from ring_attention import ring_attention

n = jax.local_device_count()


def per_device(q, k, v):
    return ring_attention(q, k, v, ring_axis="ring")


p_attn = jax.pmap(per_device, axis_name="ring")
q = jnp.ones((n, 4, 128, 64), jnp.bfloat16)
jax.jit(p_attn).trace(q, q, q).lower(lowering_platforms=("tpu",))
