import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ops.ring import make_ring_attention


@dataclasses.dataclass
class TrainConfig:
  mesh_shape: tuple = (2, 2)
  mesh_axis_names: tuple = ("dp", "sp")
  num_heads: int = 4
  head_dim: int = 16
  seq_len: int = 64
  batch: int = 4


class Attention(nn.Module):
  num_heads: int
  head_dim: int
  attention_fn: Callable

  @nn.compact
  def __call__(self, x):
    qkv = nn.DenseGeneral((3, self.num_heads, self.head_dim), name="qkv")(x)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    o = self.attention_fn(q, k, v)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), name="out")(o)


cfg = TrainConfig()
mesh = Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), cfg.mesh_axis_names)
attn = make_ring_attention(mesh, seq_axis="sp", batch_axis="dp")
model = Attention(cfg.num_heads, cfg.head_dim, attention_fn=attn)

x = jnp.ones((cfg.batch, cfg.seq_len, 64), jnp.float32)
params = jax.eval_shape(model.init, jax.random.key(0), x)


@jax.jit
def train_step(params, x):
  def loss_fn(p):
    return jnp.mean(model.apply(p, x) ** 2)
  return jax.grad(loss_fn)(params)


x_sharded = jax.ShapeDtypeStruct(x.shape, x.dtype, sharding=NamedSharding(mesh, P("dp", "sp")))
print(train_step.trace(params, x_sharded).lower(lowering_platforms=("cuda",)).as_text()[:30])
