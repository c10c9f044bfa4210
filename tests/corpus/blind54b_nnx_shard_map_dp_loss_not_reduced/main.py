import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class Classifier(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.hidden = nnx.Linear(64, 256, rngs=rngs)
    self.norm = nnx.LayerNorm(256, rngs=rngs)
    self.head = nnx.Linear(256, 8, rngs=rngs)

  def __call__(self, x):
    return self.head(nnx.relu(self.norm(self.hidden(x))))


def make_train_step(mesh, graphdef):
  def per_device(state, x, y):
    model, optimizer = nnx.merge(graphdef, state)

    def loss_fn(model):
      logits = model(x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, axis_name='data')
    optimizer.update(model, grads)
    _, state = nnx.split((model, optimizer))
    return state, loss

  sharded = jax.shard_map(per_device, mesh=mesh,
                          in_specs=(P(), P('data'), P('data')),
                          out_specs=(P(), P()))
  return jax.jit(sharded)


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = Classifier(nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
  graphdef, state = nnx.split((model, optimizer))
  train_step = make_train_step(mesh, graphdef)
  x = jax.ShapeDtypeStruct((128, 64), jnp.float32)
  y = jax.ShapeDtypeStruct((128,), jnp.int32)
  train_step.trace(state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
