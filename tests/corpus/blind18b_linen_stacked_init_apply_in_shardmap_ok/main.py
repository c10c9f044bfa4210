from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class Stage(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.features * 2)(x)
    h = nn.gelu(h)
    return x + nn.Dense(self.features)(h)


def run_stages(stage, n, params, x):
  params = jax.tree.map(lambda p: p[0], params)
  me = jax.lax.axis_index('pp')
  nxt = [(i, i + 1) for i in range(n - 1)]
  for _ in range(n - 1):
    y = stage.apply({'params': params}, x)
    tok = jax.lax.psend(y, 'pp', nxt)
    x = jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pp', nxt)
  y = stage.apply({'params': params}, x)
  return jax.lax.psum(jnp.where(me == n - 1, y, jnp.zeros_like(y)), 'pp')


if __name__ == '__main__':
  n = len(jax.devices())
  mesh = Mesh(np.array(jax.devices()), axis_names=('pp',))
  stage = Stage(features=48)
  x = jnp.ones((4, 48))
  keys = jax.random.split(jax.random.PRNGKey(0), n)
  params = jax.vmap(lambda k: stage.init(k, x)['params'])(keys)
  fwd = shard_map(partial(run_stages, stage, n), mesh=mesh,
                  in_specs=(P('pp'), P()), out_specs=P(), check_rep=False)
  jax.jit(fwd).trace(params, x).lower(lowering_platforms=('cuda',))
