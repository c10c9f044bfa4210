import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType

RULES = (('batch', 'data'), ('embed', None), ('mlp', 'model'))
mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


class MLP(nn.Module):
  hidden: int = 128

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(),
                                                          ('embed', 'mlp')))(x)
    h = nn.with_logical_constraint(nn.relu(h), ('batch', 'mlp'))
    return nn.Dense(x.shape[-1], use_bias=False,
                    kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(),
                                                             ('mlp', 'embed')))(h)


model = MLP()
x = jnp.ones((8, 32))
rng = jax.random.key(0)

with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
  abstract_variables = jax.eval_shape(functools.partial(model.init, rng), x)
  logical_spec = nn.get_partition_spec(abstract_variables)
  shardings = nn.logical_to_mesh_sharding(logical_spec, mesh, RULES)
  init_fn = jax.jit(model.init, out_shardings=shardings)
  print(init_fn.trace(rng, x).lower(lowering_platforms=('cuda',)).as_text()[:30])
  apply_fn = jax.jit(model.apply)
  print(apply_fn.trace(abstract_variables, x).lower(lowering_platforms=('cuda',)).as_text()[:30])
