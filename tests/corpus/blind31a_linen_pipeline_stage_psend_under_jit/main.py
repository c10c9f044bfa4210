import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from parallel.p2p import recv_prev, send_next

CFG = {"mesh": {"stage": 4}, "d_model": 64, "microbatch": 8}


class PipelineStage(nn.Module):
  d_model: int
  stage_axis: str
  num_stages: int

  def exchange(self, y):
    token, perm = send_next(y, self.stage_axis, self.num_stages)
    return recv_prev(token, y, self.stage_axis, perm)

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.d_model)(nn.LayerNorm()(x))
    return self.exchange(x + nn.gelu(y))


axis_names = tuple(CFG["mesh"])
mesh = Mesh(np.array(jax.devices()).reshape(tuple(CFG["mesh"].values())), axis_names)
stage = PipelineStage(CFG["d_model"], stage_axis="stage", num_stages=CFG["mesh"]["stage"])

x = jnp.ones((4 * CFG["microbatch"], CFG["d_model"]))
params = stage.init(jax.random.key(0), x)

with mesh:
  step = jax.jit(stage.apply, in_shardings=(None, NamedSharding(mesh, P("stage"))))
  print(step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
