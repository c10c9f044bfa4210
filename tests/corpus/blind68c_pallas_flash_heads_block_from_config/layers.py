from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from config import ModelConfig
from kernels.flash_attention import flash_attention

ACT_HEADS = P("data", None, "model", None)


def attention_op(mesh, cfg: ModelConfig):
  @partial(jax.shard_map, mesh=mesh, in_specs=(ACT_HEADS,) * 3, out_specs=ACT_HEADS,
           check_vma=False)
  def _sharded(q, k, v):
    return flash_attention(q, k, v, num_heads=cfg.num_heads,
                           block_q=cfg.attn_block_q, block_k=cfg.attn_block_k)
  return _sharded


def self_attention(params, x, mesh, cfg: ModelConfig):
  q = jnp.einsum("bsd,dhk->bshk", x, params["wq"])
  k = jnp.einsum("bsd,dhk->bshk", x, params["wk"])
  v = jnp.einsum("bsd,dhk->bshk", x, params["wv"])
  out = attention_op(mesh, cfg)(q, k, v)
  return jnp.einsum("bshk,hkd->bsd", out, params["wo"])
