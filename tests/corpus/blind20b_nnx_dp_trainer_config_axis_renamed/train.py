import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
  din: int = 32
  dhidden: int = 128
  dout: int = 10
  batch_size: int = 64
  num_devices: int = 4
  learning_rate: float = 3e-4
  # renamed from "data" when the mesh helper was shared with the eval job
  data_axis: str = "batch"


def make_train_step(cfg, mesh):

  @nnx.jit
  def train_step(model, optimizer, x, y):

    @nnx.shard_map(mesh=mesh,
                   in_specs=(P(), P(), P(cfg.data_axis), P(cfg.data_axis)),
                   out_specs=P())
    def per_device(model, optimizer, x, y):
      def loss_fn(model):
        logits = model(x)
        return optax.softmax_cross_entropy(logits, y).mean()

      loss, grads = nnx.value_and_grad(loss_fn)(model)
      grads = jax.lax.pmean(grads, axis_name="data")
      optimizer.update(model, grads)
      return jax.lax.pmean(loss, axis_name="data")

    return per_device(model, optimizer, x, y)

  return train_step
