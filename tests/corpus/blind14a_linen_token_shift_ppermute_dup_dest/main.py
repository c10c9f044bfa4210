import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

SEQ = 'seq'


class TokenShift(nn.Module):
  features: int
  axis_name: str = SEQ
  axis_size: int = 4

  @nn.compact
  def __call__(self, x):  # x: [batch, local_seq, features]
    n = self.axis_size
    perm = [(i, i + 1) for i in range(n - 1)] + [(n - 1, n - 1)]
    last = lax.ppermute(x[:, -1:, :], self.axis_name, perm)
    first_shard = lax.axis_index(self.axis_name) == 0
    last = jnp.where(first_shard, jnp.zeros_like(last), last)
    prev = jnp.concatenate([last, x[:, :-1, :]], axis=1)
    mix = self.param('mix', nn.initializers.constant(0.5), (self.features,))
    return nn.Dense(self.features)(x * mix + prev * (1.0 - mix))


mesh = Mesh(np.array(jax.devices()), (SEQ,))
layer = TokenShift(features=32, axis_size=mesh.shape[SEQ])
x = jnp.ones((2, 64, 32))
init = jax.shard_map(lambda x: layer.init(jax.random.key(0), x), mesh=mesh,
                     in_specs=P(None, SEQ), out_specs=P())
params = jax.eval_shape(init, x)


def apply(params, x):
  return layer.apply(params, x)


sharded = jax.shard_map(apply, mesh=mesh, in_specs=(P(), P(None, SEQ)),
                        out_specs=P(None, SEQ))
jax.jit(sharded).trace(params, x).lower(lowering_platforms=('cuda',))
