import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
mesh = Mesh(np.array(jax.devices()[:STAGES]), ('stage',))
FORWARD = [(i, i + 1) for i in range(STAGES - 1)]


class Stage(nnx.Module):

  def __init__(self, dim, rngs):
    self.up = nnx.Linear(dim, 2 * dim, rngs=rngs)
    self.down = nnx.Linear(2 * dim, dim, rngs=rngs)

  def __call__(self, x):
    h = x + self.down(nnx.gelu(self.up(x)))
    tok = lax.psend(h, 'stage', FORWARD)
    received = lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'stage', FORWARD)
    return h + received


@nnx.jit
def forward(model, x):
  run = nnx.shard_map(lambda m, a: m(a), mesh=mesh,
                      in_specs=(P(), P('stage')), out_specs=P('stage'))
  return run(model, x)


model = Stage(32, nnx.Rngs(1))
x = jnp.zeros((16, 32), jnp.float32)
forward.trace(model, x).lower(lowering_platforms=('cuda',))
