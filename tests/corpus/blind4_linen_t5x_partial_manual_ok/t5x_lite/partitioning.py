"""Logical -> mesh axis rules (t5x/partitioning.py standard_logical_axis_rules, abridged)."""
import flax.linen as nn
import jax

LOGICAL_AXIS_RULES = (
    ('batch', 'data'),
    ('vocab', 'model'),
    ('embed', None),
    ('mlp', 'model'),
    ('heads', 'model'),
    ('kv', None),
    ('length', None),
)


def get_mesh(model_parallel_submesh=2):
  n = jax.device_count()
  return jax.make_mesh((n // model_parallel_submesh, model_parallel_submesh), ('data', 'model'),
                       axis_types=(jax.sharding.AxisType.Auto,) * 2)


def get_shardings(abstract_tree, mesh):
  specs = nn.get_partition_spec(abstract_tree)
  return nn.logical_to_mesh_sharding(specs, mesh, LOGICAL_AXIS_RULES)
