from typing import Optional

import jax
import jax.numpy as jnp
import flax.linen as nn


class TPSelfAttention(nn.Module):
    num_heads: int
    head_dim: int
    embed_dim: int
    axis_name: Optional[str] = None

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm(name='norm')(x)
        dense = lambda name: nn.DenseGeneral((self.num_heads, self.head_dim), name=name)
        q, k, v = dense('query')(h), dense('key')(h), dense('value')(h)
        logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(self.head_dim).astype(x.dtype)
        weights = jax.nn.softmax(logits, axis=-1)
        ctx = jnp.einsum('bhqk,bkhd->bqhd', weights, v)
        out = nn.DenseGeneral(self.embed_dim, axis=(-2, -1), use_bias=False, name='out')(ctx)
        if self.axis_name is not None:
            out = jax.lax.psum(out, self.axis_name)
        return x + out
