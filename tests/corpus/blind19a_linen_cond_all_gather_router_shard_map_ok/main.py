import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class Router(nn.Module):
  experts: int

  @nn.compact
  def __call__(self, x, use_global):
    scores = nn.Dense(self.experts)(x)

    def global_path(s):
      everyone = lax.all_gather(s, 'expert', axis=0, tiled=True)
      return s - jax.nn.logsumexp(everyone, axis=0, keepdims=True)

    def local_path(s):
      return jax.nn.log_softmax(s, axis=0)

    return lax.cond(use_global, global_path, local_path, scores)


def route(model, params, x, flag):
  return model.apply(params, x, flag)


mesh = Mesh(np.array(jax.devices()), ('expert',))
model = Router(8)
params = {'params': {'Dense_0': {'kernel': jnp.zeros((16, 8)), 'bias': jnp.zeros((8,))}}}
fn = jax.shard_map(functools.partial(route, model), mesh=mesh,
                   in_specs=(P(), P('expert'), P()), out_specs=P('expert'))
jax.jit(fn).trace(params, jnp.ones((32, 16)), True).lower(lowering_platforms=('cuda',))
