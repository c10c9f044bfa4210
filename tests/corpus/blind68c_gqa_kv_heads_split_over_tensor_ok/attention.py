import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

HEAD_SPEC = P("fsdp", None, "tensor", None)   # [batch, seq, heads, head_dim]


def _gqa_core(q, k, v):
  """Per-shard causal GQA. q: [b, s, hq, d], k/v: [b, s, hkv, d]."""
  b, s, hq, d = q.shape
  hkv = k.shape[2]
  q = q.reshape(b, s, hkv, hq // hkv, d)
  logits = jnp.einsum("bqhgd,bkhd->bhgqk", q, k) * d ** -0.5
  causal = jnp.tril(jnp.ones((s, s), dtype=bool))
  logits = jnp.where(causal, logits, jnp.finfo(logits.dtype).min)
  probs = jax.nn.softmax(logits.astype(jnp.float32), axis=-1).astype(v.dtype)
  out = jnp.einsum("bhgqk,bkhd->bqhgd", probs, v)
  return out.reshape(b, s, hq, d)


def attention(params, x, mesh, cfg):
  b, s, _ = x.shape
  q = jnp.einsum("bsd,dhk->bshk", x, params["wq"])
  k = jnp.einsum("bsd,dhk->bshk", x, params["wk"])
  v = jnp.einsum("bsd,dhk->bshk", x, params["wv"])
  # Fewer KV heads than tensor shards: replicate KV heads so each shard owns one.
  tp = mesh.shape["tensor"]
  if cfg.n_kv_heads < tp:
    k = jnp.repeat(k, tp // cfg.n_kv_heads, axis=2)
    v = jnp.repeat(v, tp // cfg.n_kv_heads, axis=2)

  core = jax.shard_map(_gqa_core, mesh=mesh,
                       in_specs=(HEAD_SPEC, HEAD_SPEC, HEAD_SPEC),
                       out_specs=HEAD_SPEC)
  o = core(q, k, v)
  return jnp.einsum("bshk,hkd->bsd", o, params["wo"])
