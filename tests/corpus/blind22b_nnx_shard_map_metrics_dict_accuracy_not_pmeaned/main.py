from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class CNN(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(1, 32, kernel_size=(3, 3), rngs=rngs)
    self.conv2 = nnx.Conv(32, 64, kernel_size=(3, 3), rngs=rngs)
    self.avg_pool = partial(nnx.avg_pool, window_shape=(2, 2), strides=(2, 2))
    self.linear1 = nnx.Linear(3136, 256, rngs=rngs)
    self.linear2 = nnx.Linear(256, 10, rngs=rngs)

  def __call__(self, x):
    x = self.avg_pool(nnx.relu(self.conv1(x)))
    x = self.avg_pool(nnx.relu(self.conv2(x)))
    x = x.reshape(x.shape[0], -1)
    return self.linear2(nnx.relu(self.linear1(x)))


mesh = Mesh(np.array(jax.devices()), ("data",))
model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(0.005, 0.9), wrt=nnx.Param)


def loss_fn(model, batch):
  logits = model(batch["image"])
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()
  return loss, logits


@nnx.jit
@partial(nnx.shard_map, mesh=mesh,
         in_specs=(P(), P(), P("data")), out_specs=P())
def train_step(model, optimizer, batch):
  grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
  (loss, logits), grads = grad_fn(model, batch)
  grads = jax.lax.pmean(grads, "data")
  optimizer.update(model, grads)
  metrics = {
      "loss": jax.lax.pmean(loss, "data"),
      "accuracy": jnp.mean(jnp.argmax(logits, -1) == batch["label"]),
  }
  return metrics


if __name__ == "__main__":
  batch = {"image": jnp.ones((32, 28, 28, 1)), "label": jnp.zeros((32,), jnp.int32)}
  train_step.trace(model, optimizer, batch).lower(lowering_platforms=("cuda",))
