"""Emulate a 4-way ring on one chip: vmap over sequence shards, named 'ring'."""
import functools

import jax
import jax.numpy as jnp

from ring_attention import ring_attention

RING = 4


def sharded_loss(q, k, v):
    attend = jax.vmap(functools.partial(ring_attention, ring_axis="ring"), axis_name="ring")
    out = attend(q, k, v)  # [ring, heads, seq/ring, d]
    return jnp.mean(out.astype(jnp.float32) ** 2)


def split_seq(x):
    h, s, d = x.shape
    return x.reshape(h, RING, s // RING, d).transpose(1, 0, 2, 3)


q = split_seq(jnp.ones((2, 256, 64), jnp.float32))
grad_fn = jax.jit(jax.grad(sharded_loss, argnums=(0, 1, 2)))
grad_fn.trace(q, q, q).lower(lowering_platforms=("tpu",))
