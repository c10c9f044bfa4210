import numpy as np
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.gelu(self.fc1(x)))


mesh = Mesh(np.array(jax.devices()).reshape(4), ('data',))


def loss_fn(model, x, y):
  logits = model(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@nnx.jit
def train_step(model, optimizer, x, y):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P()))
  def grads_and_loss(model, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    # average the per-shard gradients across data-parallel replicas
    grads = jax.lax.pmean(grads, axis_name='batch')
    loss = jax.lax.pmean(loss, axis_name='data')
    return loss, grads

  loss, grads = grads_and_loss(model, x, y)
  optimizer.update(model, grads)
  return loss


def main():
  model = MLP(32, 64, 10, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(1e-2, momentum=0.9), wrt=nnx.Param)
  x = jnp.ones((16, 32))
  y = jnp.zeros((16,), jnp.int32)
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
