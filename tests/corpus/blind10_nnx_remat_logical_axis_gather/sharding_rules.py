from jax.sharding import PartitionSpec as P

# logical axis name -> mesh axis name
LOGICAL_RULES = (
    ('batch', None),
    ('sequence', 'sp'),
    ('embed', None),
)
MESH_AXES = ('sp',)


def logical_to_mesh(*names):
  table = dict(LOGICAL_RULES)
  return P(*(table.get(n) for n in names))
