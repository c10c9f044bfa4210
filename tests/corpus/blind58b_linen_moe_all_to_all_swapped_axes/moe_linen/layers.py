from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from .dispatch import EXPERT_AXIS, expert_parallel_ffn


class MoEBlock(nn.Module):
  mesh: Mesh
  num_experts: int = 8
  d_ff: int = 512
  capacity_factor: float = 1.5

  @nn.compact
  def __call__(self, x):
    b, s, d = x.shape
    tokens_per_shard = b * s // self.mesh.shape[EXPERT_AXIS]
    capacity = int(self.capacity_factor * tokens_per_shard / self.num_experts)
    router = nn.Dense(self.num_experts, use_bias=False, name="router")
    w_in = self.param("w_in", nn.initializers.lecun_normal(batch_axis=(0,)), (self.num_experts, d, self.d_ff))
    w_out = self.param("w_out", nn.initializers.lecun_normal(batch_axis=(0,)), (self.num_experts, self.d_ff, d))
    x2d = x.reshape(b * s, d)
    logits = router(x2d)
    ffn = jax.shard_map(
        partial(expert_parallel_ffn, num_experts=self.num_experts, capacity=capacity),
        mesh=self.mesh,
        in_specs=(P(EXPERT_AXIS), P(EXPERT_AXIS), P(EXPERT_AXIS), P(EXPERT_AXIS)),
        out_specs=P(EXPERT_AXIS),
    )
    return x + ffn(x2d, logits, w_in, w_out).reshape(b, s, d)
