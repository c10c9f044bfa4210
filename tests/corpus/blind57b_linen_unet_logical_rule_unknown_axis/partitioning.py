import flax.linen as nn
import jax

# (logical, mesh) pairs; mesh axes follow the multi-host config ('data', 'tensor')
LOGICAL_AXIS_RULES = (
    ('batch', 'data'),
    ('height', None),
    ('width', None),
    ('conv_in', None),
    ('conv_out', 'tensor'),
    ('embed', None),
)


def state_shardings(init_fn, mesh, *args):
  abstract = jax.eval_shape(init_fn, *args)
  spec = nn.get_partition_spec(abstract)
  return nn.logical_to_mesh_sharding(spec, mesh, LOGICAL_AXIS_RULES)
