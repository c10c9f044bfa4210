import jax
import jax.numpy as jnp
import flax.linen as nn


class CachedAttention(nn.Module):
    num_heads: int
    head_dim: int
    max_len: int

    @nn.compact
    def __call__(self, x, decode: bool = False):
        b, t, _ = x.shape
        dense = lambda name: nn.DenseGeneral((self.num_heads, self.head_dim), use_bias=False, name=name)
        q, k, v = dense("query")(x), dense("key")(x), dense("value")(x)

        if decode:
            is_init = not self.has_variable("cache", "cached_key")
            shape = (b, self.max_len, self.num_heads, self.head_dim)
            ck = self.variable("cache", "cached_key", jnp.zeros, shape, k.dtype)
            cv = self.variable("cache", "cached_value", jnp.zeros, shape, v.dtype)
            idx = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
            if not is_init:
                i = idx.value
                ck.value = jax.lax.dynamic_update_slice(ck.value, k, (0, i, 0, 0))
                cv.value = jax.lax.dynamic_update_slice(cv.value, v, (0, i, 0, 0))
                idx.value = i + t
                k, v = ck.value, cv.value
                mask = (jnp.arange(self.max_len) < i + t)[None, None, None, :]
            else:
                mask = None
        else:
            mask = nn.make_causal_mask(jnp.ones((b, t)))

        out = nn.dot_product_attention(q, k, v, mask=mask)
        return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), use_bias=False, name="out")(out)


class Decoder(nn.Module):
    vocab: int = 256
    dim: int = 64
    heads: int = 4
    layers: int = 2
    max_len: int = 32

    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        embed = nn.Embed(self.vocab, self.dim, name="embed")
        x = embed(tokens)
        for i in range(self.layers):
            h = nn.LayerNorm(name=f"ln_{i}")(x)
            x = x + CachedAttention(self.heads, self.dim // self.heads, self.max_len, name=f"attn_{i}")(h, decode)
            x = x + nn.Dense(self.dim, name=f"mlp_{i}")(nn.gelu(nn.Dense(4 * self.dim)(x)))
        return embed.attend(nn.LayerNorm(name="ln_f")(x))
