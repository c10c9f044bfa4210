import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import linen as nn
from jax.sharding import Mesh
from jax.experimental import mesh_utils

RULES = (('batch', 'data'), ('hidden', 'model'), ('embed', None))
mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ('data', 'model'))


class DotReluDot(nn.Module):
  depth: int

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.depth,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.xavier_normal(),
                                                          ('embed', 'hidden')),
                 use_bias=False)(x)
    y = nn.relu(y)
    y = nn.with_logical_constraint(y, ('batch', 'hidden'))
    W2 = self.param('W2', nn.with_logical_partitioning(nn.initializers.xavier_normal(),
                                                       ('hidden', 'embed')),
                    (self.depth, x.shape[-1]))
    return jnp.dot(y, W2)


model = DotReluDot(64)
x = jnp.ones((8, 32))
key = jax.random.PRNGKey(0)

with mesh, nn.logical_axis_rules(RULES):
  abstract_variables = jax.eval_shape(functools.partial(model.init, key), x)
  spec = nn.get_partition_spec(abstract_variables)
  shardings = nn.logical_to_mesh_sharding(spec, mesh, RULES)
  jit_init = jax.jit(model.init, out_shardings=shardings)
  print(jit_init.trace(key, x).lower(lowering_platforms=('cuda',)).as_text()[:30])
