import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from mylib.train import create_sharded_model, train_step


@dataclasses.dataclass(frozen=True)
class MeshConfig:
  shape: tuple = (2, 2)
  axes: tuple = ('batch', 'tensor')


def build_mesh(cfg):
  return jax.make_mesh(cfg.shape, cfg.axes, axis_types=(AxisType.Auto,) * len(cfg.axes))


cfg = MeshConfig()
mesh = build_mesh(cfg)

with jax.set_mesh(mesh):
  sharded_model = create_sharded_model(512)
  optimizer = nnx.Optimizer(sharded_model, optax.adam(1e-3), wrt=nnx.Param)
  data_sharding = NamedSharding(mesh, P(cfg.axes[0], None))
  x = jax.device_put(jnp.ones((8, 512)), data_sharding)
  y = jax.device_put(jnp.ones((8, 512)), data_sharding)
  train_step.trace(sharded_model, optimizer, x, y).lower(lowering_platforms=('cuda',))
