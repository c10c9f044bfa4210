import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
PERM = tuple((k, k + 1) for k in range(STAGES - 1))


class Stage(nn.Module):
  width: int

  @nn.compact
  def __call__(self, x):
    h = nn.gelu(nn.Dense(self.width)(x))
    tok = lax.psend(h, 'stage', PERM)
    return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'stage', PERM)


mesh = Mesh(np.array(jax.devices()), ('stage',))
model = Stage(width=64)
x = jnp.ones((16, 64))

variables = model.init(jax.random.PRNGKey(0), x)

step = jax.jit(jax.shard_map(lambda v, x: model.apply(v, x), mesh=mesh,
                             in_specs=(P(), P('stage')), out_specs=P('stage'),
                             check_vma=False))
step.trace(variables, x).lower(lowering_platforms=('cuda',))
