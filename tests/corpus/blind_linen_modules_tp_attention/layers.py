"""Tensor-parallel Linen layers: the head dimension is split over the `axis_name` field."""
import flax.linen as nn
import jax
import jax.numpy as jnp


class ParallelSelfAttention(nn.Module):
    num_heads: int
    head_dim: int
    axis_name: str = "model"

    @nn.compact
    def __call__(self, x):
        qkv = nn.DenseGeneral((3, self.num_heads, self.head_dim), use_bias=False, name="qkv")(x)
        q, k, v = qkv[..., 0, :, :], qkv[..., 1, :, :], qkv[..., 2, :, :]
        w = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(self.head_dim), axis=-1)
        o = jnp.einsum("bhqk,bkhd->bqhd", w, v)
        out = nn.DenseGeneral(x.shape[-1], axis=(-2, -1), use_bias=False, name="out")(o)
        return jax.lax.psum(out, self.axis_name)
