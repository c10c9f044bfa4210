import jax
import jax.numpy as jnp
import flax.linen as nn


class Layer(nn.Module):
    heads: int
    max_len: int

    @nn.compact
    def __call__(self, x, _):
        b, t, d = x.shape
        hd = d // self.heads
        h = nn.LayerNorm()(x)
        q = nn.DenseGeneral((self.heads, hd), name="q")(h)
        k = nn.DenseGeneral((self.heads, hd), name="k")(h)
        v = nn.DenseGeneral((self.heads, hd), name="v")(h)
        ck = self.variable("cache", "cached_key", jnp.zeros, (b, self.max_len, self.heads, hd))
        cv = self.variable("cache", "cached_value", jnp.zeros, (b, self.max_len, self.heads, hd))
        pos = self.variable("cache", "cache_index", lambda: jnp.zeros((), jnp.int32))
        i = pos.value
        ck.value = jax.lax.dynamic_update_slice(ck.value, k, (0, i, 0, 0))
        cv.value = jax.lax.dynamic_update_slice(cv.value, v, (0, i, 0, 0))
        pos.value = i + t
        mask = (jnp.arange(self.max_len) < i + t)[None, None, None, :]
        o = nn.dot_product_attention(q, ck.value, cv.value, mask=mask)
        x = x + nn.DenseGeneral(d, axis=(-2, -1), name="o")(o)
        return x + nn.Dense(d)(nn.gelu(nn.Dense(4 * d)(nn.LayerNorm()(x)))), None


class Decoder(nn.Module):
    vocab: int = 256
    dim: int = 64
    heads: int = 4
    layers: int = 4
    max_len: int = 32

    @nn.compact
    def __call__(self, tok):
        emb = nn.Embed(self.vocab, self.dim)
        Layers = nn.scan(Layer, variable_axes={"params": 0, "cache": 0},
                         split_rngs={"params": True}, length=self.layers)
        x, _ = Layers(self.heads, self.max_len)(emb(tok), None)
        return emb.attend(nn.LayerNorm()(x))
