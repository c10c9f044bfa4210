import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType

import partitioning
from model import LogicalMLP

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)

model = LogicalMLP(num_layers=2, depth=128)
x = jnp.ones((8, 64))
key = jax.random.key(0)

with jax.set_mesh(mesh), nn.logical_axis_rules(partitioning.RULES):
  abstract_variables = jax.eval_shape(model.init, key, x)
  var_sharding = partitioning.state_shardings(abstract_variables, mesh)
  x_sharding = NamedSharding(mesh, P('data', None))

  @functools.partial(jax.jit, in_shardings=(var_sharding, x_sharding),
                     out_shardings=x_sharding)
  def apply_fn(variables, x):
    return model.apply(variables, x)

  print(apply_fn.trace(abstract_variables, x).lower(
      lowering_platforms=('cuda',)).as_text()[:40])
