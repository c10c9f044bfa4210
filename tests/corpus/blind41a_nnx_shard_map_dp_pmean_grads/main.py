import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.fc1(x)))


model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data'), P('data')), out_specs=P())
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, 'data')
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, 'data')


x = jnp.ones((32, 16))
y = jnp.zeros((32, 4))
lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
print('lowered', type(lowered).__name__)
