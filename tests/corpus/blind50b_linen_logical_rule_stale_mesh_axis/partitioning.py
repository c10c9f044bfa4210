import flax.linen as nn

# Logical axis -> mesh axis.  Unlisted logical axes are replicated.
RULES = (
    ('batch', 'dp'),
    ('hidden', 'model'),
    ('embed', None),
)


def state_shardings(abstract_state, mesh):
  spec = nn.get_partition_spec(abstract_state)
  return nn.logical_to_mesh_sharding(spec, mesh, RULES)
