import jax
import jax.numpy as jnp
import numpy as np
from flax import linen as nn
from jax.sharding import Mesh, PartitionSpec as P


class Stage(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.relu(nn.Dense(32)(x))


stage = Stage()
n = 4
mesh = Mesh(np.array(jax.devices()), ('pp',))
pairs = [(i, i + 1) for i in range(n - 1)]


def stage_then_send(params, mb):
  y = stage.apply(params, mb)
  t = jax.lax.psend(y, 'pp', pairs)
  return jax.lax.precv(t, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pp', pairs)


def body(params, micro):
  params = jax.tree.map(lambda p: p[0], params)
  return jax.vmap(stage_then_send, in_axes=(None, 0))(params, micro)


x = jnp.ones((6, 2, 32))
params = jax.vmap(lambda k: stage.init(k, x[0]))(jax.random.split(jax.random.PRNGKey(0), n))
f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P('pp'), P()), out_specs=P('pp'),
                          check_vma=False))
f.trace(params, x).lower(lowering_platforms=('cuda',))
