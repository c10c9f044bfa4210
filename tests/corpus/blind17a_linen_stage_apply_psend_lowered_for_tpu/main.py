import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = 4
AXIS = "pipe"


class StageMLP(nn.Module):
  width: int

  def setup(self):
    self.inner = nn.Dense(self.width * 2)
    self.outer = nn.Dense(self.width)

  def __call__(self, x):
    return x + self.outer(nn.swish(self.inner(x)))


def pass_downstream(x):
  pairs = [(i, i + 1) for i in range(N_STAGES - 1)]
  token = lax.psend(x, AXIS, pairs)
  return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), AXIS, pairs)


stage = StageMLP(width=128)
x0 = jnp.ones((8, 128))
stacked = jax.eval_shape(jax.vmap(stage.init, in_axes=(0, None)),
                         jax.random.split(jax.random.key(0), N_STAGES), x0)
mesh = Mesh(np.array(jax.devices()), (AXIS,))


def pipeline_fwd(stacked, x):
  mine = jax.tree.map(lambda a: a[0], stacked)
  h = stage.apply(mine, x)
  for _ in range(N_STAGES - 1):
    h = stage.apply(mine, pass_downstream(h))
  return h[None]


fwd = jax.jit(jax.shard_map(pipeline_fwd, mesh=mesh, in_specs=(P(AXIS), P()),
                            out_specs=P(AXIS), check_vma=False))
exported = jax.export.export(fwd, platforms=["tpu"])(stacked, jax.ShapeDtypeStruct(x0.shape, x0.dtype))
