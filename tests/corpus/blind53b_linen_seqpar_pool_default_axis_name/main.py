from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from pooling import SeqParallelPool

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'sp'))
head = SeqParallelPool(features=64)

X_SPEC = P('data', 'sp', None)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), X_SPEC), out_specs=P())
def init(key, x):
  return head.init(key, x)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), X_SPEC, P('data', None)),
         out_specs=(P(), P()))
def grad_step(params, x, y):
  def loss_fn(p):
    return jnp.mean((head.apply(p, x) - y) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(params)
  return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')


x = jnp.ones((8, 128, 32))
y = jnp.zeros((8, 64))
params = jax.eval_shape(init, jax.random.key(0), x)
print(grad_step.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
