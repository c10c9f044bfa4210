import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


def sync_norm(x):
  mu = lax.pmean(x.mean(axis=0), 'replica')
  return x - mu


def local_norm(x):
  return x - x.mean(axis=0)


def no_norm(x):
  return x


class Block(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x, kind):
    h = nn.Dense(self.dim)(x)
    return lax.switch(kind, [no_norm, local_norm, sync_norm], h)


mesh = Mesh(np.array(jax.devices()), ('data',))
block = Block(32)
params = {'params': {'Dense_0': {'kernel': jnp.zeros((32, 32)), 'bias': jnp.zeros((32,))}}}
f = jax.shard_map(lambda p, x, k: block.apply(p, x, k), mesh=mesh,
                  in_specs=(P(), P('data'), P()), out_specs=P('data'))
jax.jit(f).trace(params, jnp.ones((16, 32)), 2).lower(lowering_platforms=('cuda',))
