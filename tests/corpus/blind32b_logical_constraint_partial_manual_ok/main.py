"""Tensor-parallel FFN: shard_map manual over 'model' only; the 'data' axis stays automatic,
so the module's logical constraints on the batch dimension are still honoured."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

RULES = [('batch', 'data'), ('length', None), ('embed', None), ('mlp', None)]


class LocalFeedForward(nn.Module):
  d_ff_local: int = 128

  @nn.compact
  def __call__(self, x):
    x = nn.with_logical_constraint(x, ('batch', 'length', 'embed'))
    h = nn.relu(nn.DenseGeneral(self.d_ff_local, use_bias=False, name='wi')(x))
    h = nn.with_logical_constraint(h, ('batch', 'length', 'mlp'))
    y = nn.DenseGeneral(x.shape[-1], use_bias=False, name='wo')(h)
    return jax.lax.psum(y, 'model')


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
specs = {'params': {'wi': {'kernel': P(None, 'model')}, 'wo': {'kernel': P('model', None)}}}
variables = {'params': {
    'wi': {'kernel': jnp.ones((64, 256))},
    'wo': {'kernel': jnp.ones((256, 64))},
}}


@jax.jit
def forward(variables, x):
  body = jax.shard_map(LocalFeedForward().apply, mesh=mesh, in_specs=(specs, P()),
                       out_specs=P(), axis_names={'model'})
  return body(variables, x)


x = jax.device_put(jnp.ones((8, 16, 64)), NamedSharding(mesh, P('data')))
with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
  lowered = forward.trace(variables, x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:10])
