import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

PERM = [(0, 1), (1, 2), (2, 3)]


class Stage(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x, send=True):
    h = nn.Dense(self.dim)(x)
    if not send:
      return h
    tok = lax.psend(h, 'stage', PERM)
    return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'stage', PERM)


mesh = Mesh(np.array(jax.devices()), ('stage',))
model = Stage(dim=64)
x = jnp.ones((16, 64))
params = model.init(jax.random.key(0), x, send=False)

replicated = NamedSharding(mesh, P())
by_stage = NamedSharding(mesh, P('stage'))
fwd = jax.jit(model.apply, in_shardings=(replicated, by_stage), out_shardings=by_stage)
fwd.trace(params, x).lower(lowering_platforms=('cuda',))
