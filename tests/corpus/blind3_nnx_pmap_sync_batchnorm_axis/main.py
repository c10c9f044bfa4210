"""Classic pmap data parallelism, NNX flavour, with synchronized batch norm: the BatchNorm
statistics are averaged over the batch axis of all replicas."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

N_DEVICES = jax.local_device_count()
BATCH_AXIS = 'batch'


class MLP(nnx.Module):
  def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dmid, rngs=rngs)
    self.bn = nnx.BatchNorm(dmid, axis_name=BATCH_AXIS, rngs=rngs)
    self.linear2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    return self.linear2(nnx.relu(self.bn(self.linear1(x))))


@nnx.vmap(in_axes=0, out_axes=0, axis_size=N_DEVICES)
def create_replicas(seed):
  model = MLP(4, 16, 2, rngs=nnx.Rngs(0))
  return model, nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)


def loss_fn(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


@nnx.pmap(axis_name='device', in_axes=(0, 0, 0, 0), out_axes=0)
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  grads = jax.lax.pmean(grads, axis_name='device')
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, axis_name='device')


model, optimizer = create_replicas(jnp.arange(N_DEVICES))
x = jnp.ones((N_DEVICES, 8, 4))
y = jnp.zeros((N_DEVICES, 8, 2))
nnx.jit(train_step).trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
