from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'))


def loss_fn(w, x, y):
  return jnp.mean((jnp.tanh(x @ w) - y) ** 2)


def grads(w, x, y):
  g = jax.grad(loss_fn)(w, x, y)
  g = lax.pmean(g, 'data')
  return lax.psum(g, 'model')


sharded = jax.shard_map(grads, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                        out_specs=P(), axis_names={'data'})
step = jax.jit(sharded)
w = jnp.zeros((16, 8), jnp.float32)
x = jnp.ones((8, 16), jnp.float32)
y = jnp.ones((8, 8), jnp.float32)
print(step.trace(w, x, y).lower(lowering_platforms=('cuda',)).as_text()[:60])
