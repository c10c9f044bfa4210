from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

N = 4


class Stage(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.swish(nn.Dense(32)(x))


stage = Stage()


def hand_off(y):
  pairs = [(i, i + 1) for i in range(N - 1)]
  tok = jax.lax.psend(y, 'pp', pairs)
  return jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pp', pairs)


def loss_fn(params, x, y):
  for _ in range(N - 1):
    x = hand_off(stage.apply(params, x))
  out = stage.apply(params, x)
  return jnp.mean((out - y) ** 2)


@partial(jax.shard_map, mesh=Mesh(np.array(jax.devices()), ('pp',)),
         in_specs=(P('pp'), P(), P()), out_specs=(P(), P('pp')), check_vma=False)
def train_step(params, x, y):
  local = jax.tree.map(lambda p: p[0], params)
  loss, grads = jax.value_and_grad(loss_fn)(local, x, y)
  return jax.lax.pmean(loss, 'pp'), jax.tree.map(lambda g: g[None], grads)


x = jnp.ones((8, 32))
params = jax.vmap(stage.init, in_axes=(0, None))(jax.random.split(jax.random.PRNGKey(0), N), x)
jax.jit(train_step).trace(params, x, x).lower(lowering_platforms=('cuda',))
