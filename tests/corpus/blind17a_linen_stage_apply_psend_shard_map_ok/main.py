import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

N_STAGES = 4


class StageMLP(nn.Module):
  width: int

  @nn.compact
  def __call__(self, x):
    return x + nn.Dense(self.width)(nn.swish(nn.Dense(self.width * 2)(x)))


def pass_downstream(x, axis="pipe"):
  pairs = [(i, i + 1) for i in range(N_STAGES - 1)]
  token = lax.psend(x, axis, pairs)
  return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, pairs)


stage = StageMLP(width=64)
x0 = jnp.ones((8, 64))
stacked = jax.vmap(stage.init, in_axes=(0, None))(jax.random.split(jax.random.key(0), N_STAGES),
                                                  x0)
mesh = Mesh(np.array(jax.devices()), ("pipe",))
stacked = jax.device_put(stacked, NamedSharding(mesh, P("pipe")))


def pipeline_fwd(stacked, x):
  mine = jax.tree.map(lambda a: a[0], stacked)
  h = stage.apply(mine, x)
  for _ in range(N_STAGES - 1):
    h = stage.apply(mine, pass_downstream(h))
  return h[None]


fwd = jax.jit(jax.shard_map(pipeline_fwd, mesh=mesh, in_specs=(P("pipe"), P()),
                            out_specs=P("pipe"), check_vma=False))
fwd.trace(stacked, x0).lower(lowering_platforms=("cuda",))
