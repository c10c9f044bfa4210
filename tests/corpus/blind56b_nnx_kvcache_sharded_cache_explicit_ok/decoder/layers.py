import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from .config import DecoderConfig


class CachedSelfAttention(nnx.Module):
    def __init__(self, cfg: DecoderConfig, *, rngs: nnx.Rngs):
        self.cfg = cfg
        self.qkv = nnx.Linear(cfg.d_model, 3 * cfg.d_model, use_bias=False, rngs=rngs)
        self.proj = nnx.Linear(cfg.d_model, cfg.d_model, use_bias=False, rngs=rngs)
        self.key_cache = nnx.data(None)
        self.value_cache = nnx.data(None)
        self.cache_index = nnx.data(None)

    def init_cache(self, batch_size: int):
        cfg = self.cfg
        shape = (batch_size, cfg.max_len, cfg.num_heads, cfg.head_dim)
        # the cache rows follow the (batch-sharded) activations written into them
        spec = P(cfg.batch_axis)
        self.key_cache = nnx.Cache(jnp.zeros(shape, jnp.float32, out_sharding=spec))
        self.value_cache = nnx.Cache(jnp.zeros(shape, jnp.float32, out_sharding=spec))
        self.cache_index = nnx.Cache(jnp.array(0, jnp.int32))

    def __call__(self, x):
        cfg = self.cfg
        b, t, _ = x.shape
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        q = q.reshape(b, t, cfg.num_heads, cfg.head_dim)
        k = k.reshape(b, t, cfg.num_heads, cfg.head_dim)
        v = v.reshape(b, t, cfg.num_heads, cfg.head_dim)

        idx = self.cache_index[...]
        self.key_cache[...] = jax.lax.dynamic_update_slice(self.key_cache[...], k, (0, idx, 0, 0))
        self.value_cache[...] = jax.lax.dynamic_update_slice(self.value_cache[...], v, (0, idx, 0, 0))
        self.cache_index[...] = idx + t

        scores = jnp.einsum("bqhd,bkhd->bhqk", q, self.key_cache[...]) / jnp.sqrt(cfg.head_dim)
        valid = jnp.arange(cfg.max_len) < idx + t
        scores = jnp.where(valid[None, None, None, :], scores, -1e9)
        out = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(scores, axis=-1), self.value_cache[...])
        return self.proj(out.reshape(b, t, cfg.d_model))


class DecoderBlock(nnx.Module):
    def __init__(self, cfg: DecoderConfig, *, rngs: nnx.Rngs):
        self.norm1 = nnx.RMSNorm(cfg.d_model, rngs=rngs)
        self.attn = CachedSelfAttention(cfg, rngs=rngs)
        self.norm2 = nnx.RMSNorm(cfg.d_model, rngs=rngs)
        self.mlp_in = nnx.Linear(cfg.d_model, 4 * cfg.d_model, rngs=rngs)
        self.mlp_out = nnx.Linear(4 * cfg.d_model, cfg.d_model, rngs=rngs)

    def __call__(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp_out(nnx.gelu(self.mlp_in(self.norm2(x))))
