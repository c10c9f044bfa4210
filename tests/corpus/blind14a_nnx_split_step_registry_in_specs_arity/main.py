import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

import trainer
from trainer.steps import GRAPHDEF


class Net(nnx.Module):

  def __init__(self, d, *, rngs):
    self.enc = nnx.Linear(d, 64, rngs=rngs)
    self.dec = nnx.Linear(64, d, rngs=rngs)

  def __call__(self, x):
    return self.dec(nnx.relu(self.enc(x)))


def build(name, mesh):
  fn, in_specs, out_specs = trainer.STEPS[name]
  return jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs))


mesh = Mesh(np.array(jax.devices()), ('data',))
model = Net(32, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
GRAPHDEF['def'], state = nnx.split((model, optimizer))

step = build('supervised', mesh)
x = jnp.ones((16, 32))
y = jnp.zeros((16,), jnp.int32)
step.trace(state, x, y).lower(lowering_platforms=('cuda',))
