from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))

model = eqx.nn.MLP(in_size=32, out_size=10, width_size=64, depth=2, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)


def loss(params, x, y):
  m = eqx.combine(params, static)
  logits = jax.vmap(m)(x)
  return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, -1))


def reduce_scatter_grads(grads):
  return jax.tree.map(
      lambda g: jax.lax.psum_scatter(g, "data", scatter_dimension=0, tiled=True), grads)


@eqx.filter_jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P("data"))
def grad_shards(params, x, y):
  grads = eqx.filter_grad(loss)(params, x, y)
  return reduce_scatter_grads(grads)


x = jnp.ones((32, 32))
y = jax.nn.one_hot(jnp.zeros((32,), jnp.int32), 10)
lowered = jax.jit(grad_shards).trace(params, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
