from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

RULES = (('batch', 'data'), ('embed', None), ('mlp', 'model'))
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


class TPMlp(nn.Module):
  """Megatron MLP written for manual (shard_map) tensor parallelism."""
  d_ff: int
  tp_size: int = 2

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    d_ff = self.d_ff if self.is_initializing() else self.d_ff // self.tp_size
    wi = self.param('wi', nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'mlp')), (d, d_ff))
    wo = self.param('wo', nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('mlp', 'embed')), (d_ff, d))
    h = nn.relu(x @ wi)
    out = h @ wo
    if self.is_initializing():  # init runs outside shard_map on full-size params
      return out
    return jax.lax.psum(out, 'mlp')


model = TPMlp(d_ff=256)
x = jnp.ones((8, 64))
boxed = jax.eval_shape(model.init, jax.random.key(0), x)
param_specs = nn.logical_to_mesh(nn.get_partition_spec(boxed), RULES)
params = jax.tree.map(lambda a: jnp.zeros(a.shape, a.dtype), nn.unbox(boxed))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(param_specs, P('data')), out_specs=P('data'))
def forward(variables, x):
  return model.apply(variables, x)


if __name__ == '__main__':
  forward.trace(params, x).lower(lowering_platforms=('cuda',))
