"""Logical-axis annotated Transformer MLP (Flax Linen sharding guide) on a jax.make_mesh mesh."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P

RULES = (('batch', 'data'), ('hidden', 'model'), ('embed', None))


class DotReluDot(nn.Module):
  depth: int

  @nn.compact
  def __call__(self, x):
    W1 = self.param(
        'W1',
        nn.with_logical_partitioning(nn.initializers.xavier_normal(), ('embed', 'hidden')),
        (x.shape[-1], self.depth))
    y = jax.nn.relu(jnp.dot(x, W1))
    y = nn.with_logical_constraint(y, ('batch', 'hidden'))
    W2 = self.param(
        'W2',
        nn.with_logical_partitioning(nn.initializers.xavier_normal(), ('hidden', 'embed')),
        (self.depth, x.shape[-1]))
    z = jnp.dot(y, W2)
    return nn.with_logical_constraint(z, ('batch', 'embed'))


mesh = jax.make_mesh((2, 2), ('data', 'model'))
model = DotReluDot(depth=1024)
x = jnp.ones((16, 256))

with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
  abstract = jax.eval_shape(model.init, jax.random.key(0), x)
  shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
  params = jax.jit(model.init, out_shardings=shardings)(jax.random.key(0), x)
  x = jax.device_put(x, jax.sharding.NamedSharding(mesh, P('data', None)))
  lowered = jax.jit(model.apply).trace(params, x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:30])
