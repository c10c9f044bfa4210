import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

from model import RULES, create_model
from train import train_step

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)

with jax.set_mesh(mesh), nnx.logical_axis_rules(RULES):
  model = create_model(64, 256, 4, seed=0)
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  x = jax.device_put(jnp.ones((8, 64)), P('data', None))
  y = jax.device_put(jnp.zeros((8, 64)), P('data', None))
  print(model.blocks.up.kernel.sharding.spec)
  print(train_step.trace(model, optimizer, x, y)
        .lower(lowering_platforms=('cuda',)).as_text()[:40])
