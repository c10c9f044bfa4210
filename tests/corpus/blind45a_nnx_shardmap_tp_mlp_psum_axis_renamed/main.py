import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import MLP, path_ends_with

mesh = jax.sharding.Mesh(np.array(jax.devices()), ('model',))

model = MLP(16, 64, 8, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

model_spec = nnx.StateSharding({
  path_ends_with('linear1', 'kernel'): P(None, 'model'),
  path_ends_with('linear2', 'kernel'): P('model', None),
})


@nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(), P()), out_specs=P())
def sharded_loss(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(sharded_loss)(model, x, y)
  optimizer.update(model, grads)
  return loss


x = jnp.ones((32, 16))
y = jnp.zeros((32, 8))

if __name__ == "__main__":
  lowered = jax.jit(lambda m, o, x, y: train_step(m, o, x, y)).trace(
      model, optimizer, x, y).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:40])
