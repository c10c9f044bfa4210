import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh

from trainlib.step import make_train_step
from trainlib.sync import DATA_AXIS


class MLP(nnx.Module):
  def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(din, dmid, rngs=rngs)
    self.l2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


mesh = Mesh(jax.devices(), (DATA_AXIS,))
model = MLP(8, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
train_step = make_train_step(mesh)

x, y = jnp.ones((16, 8)), jnp.zeros((16, 4))
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
