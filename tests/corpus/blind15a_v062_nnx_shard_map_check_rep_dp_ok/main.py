import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class Net(nnx.Module):

  def __init__(self, *, rngs):
    self.l1 = nnx.Linear(16, 32, rngs=rngs)
    self.l2 = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.gelu(self.l1(x)))[:, 0]


class Trainer:

  def __init__(self, mesh, axis='data'):
    self.mesh = mesh
    self.axis = axis

  def loss(self, model, x, y):
    return jnp.mean((model(x) - y) ** 2)

  def make_step(self):
    axis = self.axis

    def step(model, x, y):
      loss, grads = nnx.value_and_grad(self.loss)(model, x, y)
      grads = jax.lax.pmean(grads, axis)
      return jax.lax.pmean(loss, axis), grads

    sharded = nnx.shard_map(step, mesh=self.mesh,
                            in_specs=(P(), P(axis), P(axis)),
                            out_specs=(P(), P()), check_rep=True)
    return nnx.jit(sharded)


mesh = jax.make_mesh((4,), ('data',))
model = Net(rngs=nnx.Rngs(0))
step = Trainer(mesh).make_step()
x = jnp.ones((32, 16))
y = jnp.ones((32,))
step.trace(model, x, y).lower(lowering_platforms=('cuda',))
