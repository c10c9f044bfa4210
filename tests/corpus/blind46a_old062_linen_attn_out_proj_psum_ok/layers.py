import flax.linen as nn
import jax.numpy as jnp

kinit = nn.initializers.lecun_normal()


class Attention(nn.Module):
    heads: int = 8
    head_dim: int = 16

    @nn.compact
    def __call__(self, x):
        qkv = nn.DenseGeneral((3, self.heads, self.head_dim), use_bias=False, name="qkv",
                              kernel_init=nn.with_logical_partitioning(kinit, ("embed", None, "heads", "kv")))(x)
        q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
        w = nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(self.head_dim))
        o = jnp.einsum("bhqk,bkhd->bqhd", w, v)
        return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), use_bias=False, name="out",
                               kernel_init=nn.with_logical_partitioning(kinit, ("heads", "kv", "embed")))(o)
