import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

DP = "dp"
LOG_EVERY = 50


class Regressor(nnx.Module):
  def __init__(self, rngs):
    self.hidden = nnx.Linear(16, 64, rngs=rngs)
    self.out = nnx.Linear(64, 1, rngs=rngs)

  def __call__(self, x):
    return self.out(nnx.tanh(self.hidden(x)))


def sync_metrics(metrics):
  return jax.lax.pmean(metrics, DP)


def skip_sync(metrics):
  return metrics


mesh = Mesh(np.array(jax.devices()), (DP,))


@nnx.jit
def train_step(model, optimizer, x, y, step):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P(DP), P(DP), P()), out_specs=P())
  def inner(model, optimizer, x, y, step):
    def loss_fn(model):
      pred = model(x)
      return jnp.mean((pred - y) ** 2), pred

    (loss, pred), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model)
    optimizer.update(model, jax.lax.pmean(grads, DP))
    metrics = {"loss": loss, "mae": jnp.mean(jnp.abs(pred - y))}
    # all-reduce metrics only when they are going to be logged
    return nnx.cond(step % LOG_EVERY == 0, sync_metrics, skip_sync, metrics)

  return inner(model, optimizer, x, y, step)


def main():
  model = Regressor(nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
  x, y = jnp.ones((64, 16)), jnp.ones((64, 1))
  train_step.trace(model, optimizer, x, y, jnp.int32(0)).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
