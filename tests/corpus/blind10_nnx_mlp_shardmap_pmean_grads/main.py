import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

DATA_AXIS = 'data'


class MLP(nnx.Module):

  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.gelu(self.fc1(x)))


mesh = Mesh(np.array(jax.devices()), (DATA_AXIS,))


def loss_fn(model, x, y):
  logits = model(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@nnx.jit
def train_step(model, optimizer, x, y):

  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(DATA_AXIS), P(DATA_AXIS)), out_specs=(P(), P()))
  def per_shard(model, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    grads = jax.lax.pmean(grads, DATA_AXIS)
    return jax.lax.pmean(loss, DATA_AXIS), grads

  loss, grads = per_shard(model, x, y)
  optimizer.update(model, grads)
  return loss


def main():
  model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  x = jnp.ones((16, 16))
  y = jnp.zeros((16,), jnp.int32)
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
