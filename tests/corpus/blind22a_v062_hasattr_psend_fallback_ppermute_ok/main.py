import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import comm


class Stage(nnx.Module):

  def __init__(self, d, rngs):
    self.fc = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return comm.hop(nnx.tanh(self.fc(x)), 'stage', 4)


mesh = Mesh(np.array(jax.devices()), ('stage',))
model = Stage(32, nnx.Rngs(0))


@nnx.jit
def forward(model, x):
  return nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P('stage')),
                       out_specs=P('stage'), check_rep=False)(model, x)


forward.trace(model, jnp.ones((8, 32))).lower(lowering_platforms=('cuda',))
