import argparse
from functools import partial
from typing import Any, Optional

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P


class TrainState(train_state.TrainState):
  batch_stats: Any


class ConvNet(nn.Module):
  num_classes: int = 10
  bn_axis_name: Optional[str] = None

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                   axis_name=self.bn_axis_name)
    for feats in (16, 32):
      x = nn.Conv(feats, (3, 3))(x)
      x = nn.relu(norm()(x))
      x = nn.max_pool(x, (2, 2), (2, 2))
    x = x.mean(axis=(1, 2))
    return nn.Dense(self.num_classes)(x)


def parse():
  p = argparse.ArgumentParser()
  p.add_argument("--sync_bn", action="store_true", default=True)
  p.add_argument("--batch_size", type=int, default=64)
  return p.parse_args()


def train_step(state, images, labels):
  def loss_fn(params):
    logits, updates = state.apply_fn(
        {"params": params, "batch_stats": state.batch_stats}, images, train=True,
        mutable=["batch_stats"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, updates
  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, "data")
  state = state.apply_gradients(grads=grads, batch_stats=updates["batch_stats"])
  return state, jax.lax.pmean(loss, "data")


if __name__ == "__main__":
  args = parse()
  mesh = Mesh(np.array(jax.devices()), ("data",))
  # pmap-era default axis name for cross-replica BN
  model = ConvNet(bn_axis_name="batch" if args.sync_bn else None)
  variables = model.init(jax.random.key(0), jnp.ones((1, 32, 32, 3)), train=False)
  state = TrainState.create(apply_fn=model.apply, params=variables["params"],
                            batch_stats=variables["batch_stats"], tx=optax.sgd(0.1, 0.9))
  p_train_step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                                       in_specs=(P(), P("data"), P("data")),
                                       out_specs=(P(), P())))
  images = jnp.ones((args.batch_size, 32, 32, 3))
  labels = jnp.zeros((args.batch_size,), jnp.int32)
  p_train_step.trace(state, images, labels).lower(lowering_platforms=("cuda",))
