import flax.linen as nn
import jax.numpy as jnp

kinit = nn.initializers.xavier_uniform()


class SelfAttention(nn.Module):
    num_heads: int = 4
    head_dim: int = 16

    @nn.compact
    def __call__(self, x):
        emb = x.shape[-1]
        proj = lambda name: nn.DenseGeneral(
            features=(self.num_heads, self.head_dim), axis=-1, use_bias=False,
            kernel_init=nn.with_logical_partitioning(kinit, ("embed", "heads", "kv")), name=name)
        q, k, v = proj("query")(x), proj("key")(x), proj("value")(x)
        logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(self.head_dim)
        w = nn.softmax(logits, axis=-1)
        o = jnp.einsum("bhqk,bkhd->bqhd", w, v)
        out = nn.DenseGeneral(
            features=emb, axis=(-2, -1), use_bias=False,
            kernel_init=nn.with_logical_partitioning(kinit, ("heads", "kv", "embed")), name="out")(o)
        scale = self.param("scale", nn.with_logical_partitioning(nn.initializers.ones, ("norm",)), (emb,))
        return (x + out) * scale
