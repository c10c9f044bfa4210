import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from parallel.comm import allreduce_mean

mesh = jax.make_mesh((4,), ('dp',))


class Regressor(nnx.Module):
  def __init__(self, rngs):
    self.w = nnx.Linear(10, 1, rngs=rngs)

  def __call__(self, x):
    return self.w(x)[:, 0]


model = Regressor(nnx.Rngs(3))
state = nnx.state(model)
graphdef = nnx.graphdef(model)


def grads_fn(state, x, y):
  m = nnx.merge(graphdef, state)
  g = nnx.grad(lambda m: jnp.mean((m(x) - y) ** 2))(m)
  return allreduce_mean(g)


grads_fn = jax.shard_map(grads_fn, mesh=mesh, in_specs=(P(), P('dp'), P('dp')), out_specs=P())
grads_fn = jax.jit(grads_fn)

x = jnp.ones((16, 10))
y = jnp.ones((16,))
print(grads_fn.trace(state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:30])
