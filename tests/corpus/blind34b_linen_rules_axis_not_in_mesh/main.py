import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType

# rules copied from a 3-axis config (data, fsdp, tensor) onto a data x model mesh
RULES = (('batch', 'data'), ('embed', None), ('mlp', 'tensor'))
mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


class MLP(nn.Module):
  @nn.compact
  def __call__(self, x):
    h = nn.Dense(128, kernel_init=nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ('embed', 'mlp')))(x)
    return nn.Dense(x.shape[-1], kernel_init=nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ('mlp', 'embed')))(nn.relu(h))


model = MLP()
x = jnp.ones((8, 32))
rng = jax.random.key(0)
abstract_variables = jax.eval_shape(functools.partial(model.init, rng), x)
logical_spec = nn.get_partition_spec(abstract_variables)
shardings = nn.logical_to_mesh_sharding(logical_spec, mesh, RULES)
init_fn = jax.jit(model.init, static_argnums=(), out_shardings=shardings)
print(init_fn.trace(rng, x).lower(lowering_platforms=('cuda',)).as_text()[:30])
