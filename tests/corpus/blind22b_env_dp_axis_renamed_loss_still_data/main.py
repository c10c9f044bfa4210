import os
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P, AxisType

# axis names can be overridden to match the cluster launcher's conventions
DP_AXIS = os.environ.get("DP_AXIS", "dp")
NUM_CLASSES = int(os.environ.get("NUM_CLASSES", "10"))

mesh = jax.make_mesh((jax.device_count(),), (DP_AXIS,), axis_types=(AxisType.Explicit,))


def cross_entropy(logits, labels):
  onehot = jax.nn.one_hot(labels, NUM_CLASSES)
  return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), axis=-1))


def train_step(w, x, labels):
  def loss_fn(w):
    return cross_entropy(x @ w, labels)
  loss, g = jax.value_and_grad(loss_fn)(w)
  g = lax.pmean(g, axis_name="data")
  loss = lax.pmean(loss, axis_name=DP_AXIS)
  return w - 0.1 * g, loss


train_step = jax.shard_map(train_step, mesh=mesh,
                           in_specs=(P(), P(DP_AXIS), P(DP_AXIS)),
                           out_specs=(P(), P()))
train_step = jax.jit(train_step, donate_argnums=(0,))

if __name__ == "__main__":
  with jax.set_mesh(mesh):
    w = jnp.zeros((128, NUM_CLASSES))
    x = jax.device_put(jnp.ones((64, 128)), P(DP_AXIS))
    labels = jax.device_put(jnp.zeros((64,), jnp.int32), P(DP_AXIS))
    train_step.trace(w, x, labels).lower(lowering_platforms=("cuda",))
