import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Explicit,))
N = 4


def halo(u):
  left = lax.ppermute(u[-1:], 'x', [(i, (i + 1) % N) for i in range(N)])
  right = lax.ppermute(u[:1], 'x', [(i, (i - 1) % N) for i in range(N)])
  return jnp.concatenate([left, u, right])


def jacobi(u):
  def cond(state):
    _, err, it = state
    return (err > 1e-3) & (it < 100)

  def body(state):
    u, _, it = state
    p = halo(u)
    new = 0.5 * (p[:-2] + p[2:])
    err = lax.pmax(jnp.max(jnp.abs(new - u)), 'x')
    return new, err, it + 1

  u, err, it = lax.while_loop(cond, body, (u, jnp.inf, 0))
  return u, err


solve = jax.jit(jax.shard_map(jacobi, mesh=mesh, in_specs=P('x'), out_specs=(P('x'), P())))
u = jax.device_put(jnp.linspace(0., 1., 64), jax.NamedSharding(mesh, P('x')))
solve.trace(u).lower(lowering_platforms=('cuda',))
print('ok')
