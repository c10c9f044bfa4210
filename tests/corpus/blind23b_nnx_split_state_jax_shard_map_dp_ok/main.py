from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class CNN(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(1, 16, kernel_size=(3, 3), rngs=rngs)
    self.conv2 = nnx.Conv(16, 32, kernel_size=(3, 3), rngs=rngs)
    self.avg_pool = partial(nnx.avg_pool, window_shape=(2, 2), strides=(2, 2))
    self.linear = nnx.Linear(32 * 7 * 7, 10, rngs=rngs)

  def __call__(self, x):
    x = self.avg_pool(nnx.relu(self.conv1(x)))
    x = self.avg_pool(nnx.relu(self.conv2(x)))
    return self.linear(x.reshape(x.shape[0], -1))


mesh = jax.make_mesh((4,), ("data",))
model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))


@jax.jit
def train_step(state, images, labels):
  def per_device(state, images, labels):
    model, optimizer = nnx.merge(graphdef, state)

    def loss_fn(model):
      logits = model(images)
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, axis_name="data")
    optimizer.update(model, grads)
    _, new_state = nnx.split((model, optimizer))
    return new_state, jax.lax.pmean(loss, axis_name="data")

  return jax.shard_map(per_device, mesh=mesh,
                       in_specs=(P(), P("data"), P("data")),
                       out_specs=(P(), P()))(state, images, labels)


if __name__ == "__main__":
  sh = jax.NamedSharding(mesh, P("data"))
  images = jax.device_put(jnp.ones((64, 28, 28, 1)), sh)
  labels = jax.device_put(jnp.zeros((64,), jnp.int32), sh)
  state = jax.device_put(state, jax.NamedSharding(mesh, P()))
  train_step.trace(state, images, labels).lower(lowering_platforms=("cuda",))
