import dataclasses

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from layers import Net, tp_specs


@dataclasses.dataclass(frozen=True)
class TrainConfig:
  d: int = 64
  hidden: int = 256
  depth: int = 2
  batch: int = 16
  lr: float = 0.05
  data_axis: str = "dp"
  model_axis: str = "tp"


cfg = TrainConfig()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (cfg.data_axis, cfg.model_axis))
model = Net(cfg.d, cfg.hidden, cfg.depth, cfg.model_axis, jax.random.key(0))
specs = tp_specs(model, cfg.model_axis)


def per_device(model, x, y):
  loss, grads = eqx.filter_value_and_grad(
      lambda m: jnp.mean((m(x) - y) ** 2))(model)
  grads = lax.pmean(grads, cfg.data_axis)
  model = eqx.apply_updates(model, jax.tree.map(lambda g: -cfg.lr * g, grads))
  return model, lax.pmean(loss, cfg.data_axis)


step = eqx.filter_jit(jax.shard_map(
    per_device, mesh=mesh,
    in_specs=(specs, P(cfg.data_axis), P(cfg.data_axis)),
    out_specs=(specs, P())))

x = jnp.ones((cfg.batch, cfg.d))
y = jnp.ones((cfg.batch, 1))
jax.jit(lambda x, y: step(model, x, y)).trace(x, y).lower(lowering_platforms=("cuda",))
