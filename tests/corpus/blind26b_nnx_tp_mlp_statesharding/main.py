import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from tp import MLPBlock, path_ends_with

mesh = Mesh(np.array(jax.devices()), ('model',))

model_spec = nnx.StateSharding({
    path_ends_with('up', 'kernel'): P(None, 'model'),
    path_ends_with('down', 'kernel'): P('model', None),
})


@nnx.shard_map(mesh=mesh, in_specs=(model_spec, P()), out_specs=P())
def forward(model, x):
  return model(x)


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((forward(model, x) - y) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  model = MLPBlock(16, 64, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  x = jnp.ones((8, 16))
  y = jnp.zeros((8, 16))
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
  print('lowered')


if __name__ == '__main__':
  main()
