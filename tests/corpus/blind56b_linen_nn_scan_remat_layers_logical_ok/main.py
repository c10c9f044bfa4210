import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import Decoder

RULES = (
    ('activation_batch', 'data'),
    ('activation_length', None),
    ('embed', None),
    ('mlp', 'model'),
    ('norm', None),
    ('layers', None),
)

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = Decoder()
x = jnp.ones((8, 16, 128))

with mesh, nn.logical_axis_rules(RULES):
  abstract = jax.eval_shape(model.init, jax.random.key(0), x)
  param_shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
  init = jax.jit(model.init, out_shardings=param_shardings)
  variables = jax.eval_shape(init, jax.random.key(0), x)

  fwd = jax.jit(model.apply,
                in_shardings=(param_shardings, NamedSharding(mesh, P('data'))),
                out_shardings=NamedSharding(mesh, P('data')))
  fwd.trace(variables, x).lower(lowering_platforms=('tpu',))
