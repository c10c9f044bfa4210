import dataclasses

import jax
import jax.numpy as jnp
from jax import lax


@dataclasses.dataclass(frozen=True)
class GPTConfig:
  vocab_size: int = 50257
  padded_vocab_size: int = 50304   # nearest multiple of 128
  block_size: int = 128
  n_layer: int = 2
  n_head: int = 4
  n_embd: int = 128


def init_params(cfg: GPTConfig, key):
  ks = jax.random.split(key, 6)
  L, D = cfg.n_layer, cfg.n_embd
  normal = lambda k, s: jax.random.normal(k, s, jnp.float32) * 0.02
  return {
      "wte": normal(ks[0], (cfg.padded_vocab_size, D)),
      "wpe": normal(ks[1], (cfg.block_size, D)),
      "h": {
          "ln_1": jnp.ones((L, D)),
          "c_attn": normal(ks[2], (L, D, 3 * D)),
          "c_proj": normal(ks[3], (L, D, D)),
          "ln_2": jnp.ones((L, D)),
          "c_fc": normal(ks[4], (L, D, 4 * D)),
          "c_proj_mlp": normal(ks[5], (L, 4 * D, D)),
      },
      "ln_f": jnp.ones((D,)),
  }


def _ln(x, g):
  mu = x.mean(-1, keepdims=True)
  var = ((x - mu) ** 2).mean(-1, keepdims=True)
  return (x - mu) * lax.rsqrt(var + 1e-5) * g


def _block(cfg, x, p):
  B, T, D = x.shape
  qkv = _ln(x, p["ln_1"]) @ p["c_attn"]
  q, k, v = jnp.split(qkv, 3, axis=-1)
  hd = D // cfg.n_head
  q, k, v = (t.reshape(B, T, cfg.n_head, hd) for t in (q, k, v))
  att = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(hd)
  att = jnp.where(jnp.tril(jnp.ones((T, T), bool)), att, -jnp.inf)
  y = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(att, -1), v).reshape(B, T, D)
  x = x + y @ p["c_proj"]
  x = x + jax.nn.gelu(_ln(x, p["ln_2"]) @ p["c_fc"]) @ p["c_proj_mlp"]
  return x


def apply(cfg, params, idx):
  T = idx.shape[1]
  x = params["wte"][idx] + params["wpe"][:T]
  x, _ = lax.scan(lambda h, p: (_block(cfg, h, p), None), x, params["h"])
  x = _ln(x, params["ln_f"])
  return x @ params["wte"].T     # weight tying
