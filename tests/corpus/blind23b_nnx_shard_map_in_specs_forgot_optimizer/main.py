from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class MLP(nnx.Module):
  def __init__(self, *, rngs):
    self.fc1 = nnx.Linear(784, 128, rngs=rngs)
    self.fc2 = nnx.Linear(128, 10, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.fc1(x)))

  def compute_loss(self, x, y):
    logits = self(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


mesh = jax.make_mesh((4,), ("data",))


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")),
         out_specs=P())
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(MLP.compute_loss)(model, x, y)
  optimizer.update(model, jax.lax.pmean(grads, "data"))
  return jax.lax.pmean(loss, "data")


if __name__ == "__main__":
  model = MLP(rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(0.05, momentum=0.9), wrt=nnx.Param)
  sh = jax.NamedSharding(mesh, P("data"))
  x = jax.device_put(jnp.ones((64, 784)), sh)
  y = jax.device_put(jnp.zeros((64,), jnp.int32), sh)
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
