"""A logically-annotated Linen transformer MLP reused as the per-shard body of a shard_map."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

RULES = [('batch', 'data'), ('length', None), ('embed', None), ('mlp', None)]


class FeedForward(nn.Module):
  d_ff: int = 256

  @nn.compact
  def __call__(self, x):
    x = nn.with_logical_constraint(x, ('batch', 'length', 'embed'))
    h = nn.DenseGeneral(self.d_ff, kernel_init=nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ('embed', 'mlp')))(x)
    h = nn.with_logical_constraint(nn.relu(h), ('batch', 'length', 'mlp'))
    return nn.DenseGeneral(x.shape[-1], kernel_init=nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ('mlp', 'embed')))(h)


mesh = Mesh(np.array(jax.devices()), ('data',))
ffn = FeedForward()
x = jnp.ones((8, 16, 64))
variables = nn.unbox(ffn.init(jax.random.PRNGKey(0), x))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=P('data'))
def local_ffn(variables, x):
  return ffn.apply(variables, x)


with mesh, nn.logical_axis_rules(RULES):
  lowered = local_ffn.trace(variables, x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:10])
