import flax.linen as nn
import jax
from jax.sharding import PartitionSpec as P

LOGICAL_RULES = (
    ('batch', 'data'),
    ('embed', None),
    ('mlp', 'model'),
    ('mlp_full', None),
)


def partition_specs(model, mesh, rng, x):
  """Mesh PartitionSpecs of every variable, read from the logical annotations."""
  probe = jax.shard_map(model.init, mesh=mesh, in_specs=(P(), P('data')), out_specs=P())
  abstract = jax.eval_shape(probe, rng, x)
  specs = nn.get_partition_spec(abstract)
  return nn.logical_to_mesh(specs, LOGICAL_RULES)
