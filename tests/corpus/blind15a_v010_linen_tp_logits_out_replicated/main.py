import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P


class LMHead(nn.Module):
  vocab_shard: int

  @nn.compact
  def __call__(self, h):
    h = nn.LayerNorm()(h)
    return nn.Dense(self.vocab_shard, use_bias=False)(h)


mesh = jax.make_mesh((2, 2), ('data', 'model'))
VOCAB, D = 512, 64
head = LMHead(VOCAB // 2)
variables = head.init(jax.random.key(0), jnp.ones((1, D)))
specs = {'params': {'LayerNorm_0': {'scale': P(), 'bias': P()},
                    'Dense_0': {'kernel': P(None, 'model')}}}
full = {'params': {'LayerNorm_0': variables['params']['LayerNorm_0'],
                   'Dense_0': {'kernel': jnp.zeros((D, VOCAB))}}}


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(specs, P('data')), out_specs=P('data'))
def logits_fn(variables, h):
  return head.apply(variables, h)


full = jax.device_put(full, jax.tree.map(lambda s: NamedSharding(mesh, s), specs))
h = jax.device_put(jnp.ones((8, D)), NamedSharding(mesh, P('data')))
logits_fn.trace(full, h).lower(lowering_platforms=('cuda',))
