import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


@dataclasses.dataclass
class TrainConfig:
  d_model: int = 64
  dropout: float = 0.1
  batch_size: int = 16
  learning_rate: float = 1e-3
  data_axis: str = "data"


class Classifier(nnx.Module):
  def __init__(self, cfg: TrainConfig, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(cfg.d_model, 256, rngs=rngs)
    self.drop = nnx.Dropout(cfg.dropout)
    self.fc2 = nnx.Linear(256, 10, rngs=rngs)

  def __call__(self, x, rngs):
    return self.fc2(self.drop(nnx.relu(self.fc1(x)), rngs=rngs))


def make_train_step(cfg: TrainConfig, mesh):
  ax = cfg.data_axis

  @nnx.jit
  @partial(nnx.shard_map, mesh=mesh,
           in_specs=(P(), P(), P(ax), P(ax)),   # model, optimizer, x, y
           out_specs=P())
  def train_step(model, optimizer, x, y, rngs):
    def loss_fn(model, rngs):
      logits = model(x, rngs)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    loss, grads = nnx.value_and_grad(loss_fn)(model, rngs)
    grads = jax.lax.pmean(grads, ax)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, ax)

  return train_step


if __name__ == "__main__":
  cfg = TrainConfig()
  mesh = Mesh(np.array(jax.devices()), (cfg.data_axis,))
  model = Classifier(cfg, nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(cfg.learning_rate), wrt=nnx.Param)
  train_step = make_train_step(cfg, mesh)
  x = jnp.ones((cfg.batch_size, cfg.d_model))
  y = jnp.zeros((cfg.batch_size,), jnp.int32)
  rngs = nnx.Rngs(dropout=1)
  train_step.trace(model, optimizer, x, y, rngs).lower(lowering_platforms=("cuda",))
