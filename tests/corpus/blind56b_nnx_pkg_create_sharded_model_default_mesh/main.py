import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from mt.config import ModelConfig
from mt.train import create_sharded_model, train_step

cfg = ModelConfig()
mesh = jax.make_mesh(cfg.mesh.shape, cfg.mesh.axes)

with jax.set_mesh(mesh):
  model = create_sharded_model(cfg)
  optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)

batch = NamedSharding(mesh, P(cfg.mesh.data_axis, None))
tokens = jax.device_put(jnp.zeros((8, 16), jnp.int32), batch)
targets = jax.device_put(jnp.ones((8, 16), jnp.int32), batch)

with jax.set_mesh(mesh):
  train_step.trace(model, optimizer, tokens, targets).lower(lowering_platforms=('tpu',))
