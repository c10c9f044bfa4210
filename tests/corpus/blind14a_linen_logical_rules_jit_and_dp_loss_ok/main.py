import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

RULES = (('batch', 'data'), ('embed', None), ('mlp', 'model'))


class MLPBlock(nn.Module):
  hidden: int
  reduce_axis: str | None = None

  @nn.compact
  def __call__(self, x):
    up = self.param('up', nn.with_logical_partitioning(
        nn.initializers.xavier_uniform(), ('embed', 'mlp')), (x.shape[-1], self.hidden))
    down = self.param('down', nn.with_logical_partitioning(
        nn.initializers.xavier_uniform(), ('mlp', 'embed')), (self.hidden, x.shape[-1]))
    y = nn.relu(x @ up) @ down
    if self.reduce_axis:
      y = jax.lax.psum(y, self.reduce_axis)
    return x + y


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
init_model = MLPBlock(hidden=128)
x = jnp.ones((8, 32))

abstract = jax.eval_shape(init_model.init, jax.random.key(0), x)
logical_specs = nn.get_partition_spec(abstract)
shardings = nn.logical_to_mesh_sharding(logical_specs, mesh, RULES)
variables = jax.jit(init_model.init, out_shardings=shardings)(jax.random.key(0), x)
variables = nn.meta.unbox(variables)

mesh_specs = nn.logical_to_mesh(logical_specs, RULES)
tp_model = MLPBlock(hidden=128 // mesh.shape['model'], reduce_axis='model')


def eval_loss(variables, x, y):
  pred = tp_model.apply(variables, x)
  return jax.lax.pmean(jnp.mean((pred - y) ** 2), 'data')


loss = jax.jit(jax.shard_map(eval_loss, mesh=mesh,
                             in_specs=(mesh_specs, P('data'), P('data')),
                             out_specs=P()))
loss.trace(variables, x, jnp.zeros_like(x)).lower(lowering_platforms=('cuda',))
