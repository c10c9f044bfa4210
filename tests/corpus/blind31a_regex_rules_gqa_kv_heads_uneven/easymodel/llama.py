from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as PS


@dataclass(frozen=True)
class LlamaConfig:
  hidden_size: int = 64
  num_attention_heads: int = 8
  num_key_value_heads: int = 2
  head_dim: int = 8
  axis_dims: tuple = (1, 1, 4)
  axis_names: tuple = ("dp", "fsdp", "tp")

  def get_partition_rules(self):
    return (
        ("q_proj/kernel", PS("fsdp", "tp", None)),
        ("(k_proj|v_proj)/kernel", PS("fsdp", "tp", None)),
        ("o_proj/kernel", PS("tp", None, "fsdp")),
        (".*", PS()),
    )


class LlamaAttention(nn.Module):
  config: LlamaConfig

  @nn.compact
  def __call__(self, x):
    c = self.config
    q = nn.DenseGeneral((c.num_attention_heads, c.head_dim), use_bias=False, name="q_proj")(x)
    k = nn.DenseGeneral((c.num_key_value_heads, c.head_dim), use_bias=False, name="k_proj")(x)
    v = nn.DenseGeneral((c.num_key_value_heads, c.head_dim), use_bias=False, name="v_proj")(x)
    rep = c.num_attention_heads // c.num_key_value_heads
    k = jnp.repeat(k, rep, axis=2)
    v = jnp.repeat(v, rep, axis=2)
    w = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) * c.head_dim ** -0.5, axis=-1)
    o = jnp.einsum("bhqk,bkhd->bqhd", w, v)
    return nn.DenseGeneral(c.hidden_size, axis=(-2, -1), use_bias=False, name="o_proj")(o)
