import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from mt.model import Tower
from mt.train import init_fn

rules = (('batch', 'data'), ('mlp', 'model'), ('embed', None))
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = Tower(depth=64, layers=2)
x = jnp.ones((16, 64))
state = init_fn(jax.random.key(0), x, model, optax.sgd(0.1))
params = nn.meta.unbox(state.params)


def dp_step(params, x):
  def loss_fn(p):
    return jnp.mean(model.apply({'params': p}, x) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, ('data', 'model'))
  return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads), jax.lax.pmean(loss, ('data', 'model'))


with mesh, nn.logical_axis_rules(rules):
  step = jax.jit(jax.shard_map(dp_step, mesh=mesh,
                               in_specs=(P(), P(('data', 'model'))),
                               out_specs=(P(), P())))
  step.trace(params, x).lower(lowering_platforms=('cuda',))
