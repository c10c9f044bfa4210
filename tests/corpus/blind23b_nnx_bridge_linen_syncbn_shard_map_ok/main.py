from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class LinenConvBlock(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Conv(self.features, (3, 3))(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name="batch")(x)
    return nn.relu(x)


class Classifier(nnx.Module):
  def __init__(self, *, rngs):
    self.block = nnx.bridge.ToNNX(LinenConvBlock(16), rngs=rngs)
    self.head = nnx.Linear(16, 10, rngs=rngs)

  def __call__(self, x):
    x = self.block(x, mutable=["batch_stats"])
    return self.head(x.mean(axis=(1, 2)))


mesh = jax.make_mesh((4,), ("batch",))


@nnx.jit
def train_step(model, optimizer, x, y):
  @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch")),
           out_specs=(P(), P()))
  def grads_and_loss(model, x, y):
    def loss_fn(model):
      logits = model(x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    return jax.lax.pmean(grads, "batch"), jax.lax.pmean(loss, "batch")

  grads, loss = grads_and_loss(model, x, y)
  optimizer.update(model, grads)
  return loss


if __name__ == "__main__":
  model = Classifier(rngs=nnx.Rngs(0))
  # eval-mode init: BatchNorm does not reduce over 'batch' when using running averages
  nnx.bridge.lazy_init(model.block, jnp.ones((1, 8, 8, 3)), train=False)
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  sh = jax.NamedSharding(mesh, P("batch"))
  x = jax.device_put(jnp.ones((16, 8, 8, 3)), sh)
  y = jax.device_put(jnp.zeros((16,), jnp.int32), sh)
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
