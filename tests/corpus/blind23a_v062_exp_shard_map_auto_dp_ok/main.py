from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'))


def loss_fn(w, x, y):
  pred = jnp.tanh(x @ w)
  return jnp.mean((pred - y) ** 2)


@partial(shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')),
         out_specs=(P(), P()), check_rep=False, auto=frozenset({'model'}))
def grads(w, x, y):
  l, g = jax.value_and_grad(loss_fn)(w, x, y)
  return jax.lax.pmean(l, 'data'), jax.lax.pmean(g, 'data')


step = jax.jit(grads)
w = jnp.zeros((16, 8), jnp.float32)
x = jnp.ones((8, 16), jnp.float32)
y = jnp.ones((8, 8), jnp.float32)
print(step.trace(w, x, y).lower(lowering_platforms=('cuda',)).as_text()[:60])
