import jax
import jax.numpy as jnp


def attention_output(config, attn_weights, value_states, o_proj):
    """Per-shard attention output: heads are split over the head axis, o_proj is row-parallel."""
    attn = jnp.einsum("bhqk,bkhd->bqhd", attn_weights, value_states)
    b, q, h, d = attn.shape
    out = attn.reshape(b, q, h * d) @ o_proj
    return jax.lax.psum(out, config.partition_axis.head_axis)
