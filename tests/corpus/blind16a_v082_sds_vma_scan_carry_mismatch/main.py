import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

N_STAGES = 4
N_MICRO = 6
mesh = jax.make_mesh((N_STAGES,), ('stage',))
PERM = [(i, i + 1) for i in range(N_STAGES - 1)]


def block(params, h):
  w1, w2 = params
  return h + jnp.tanh(h @ w1) @ w2


def pipelined(params, xs):
  params = jax.tree.map(lambda p: p[0], params)
  me = lax.axis_index('stage')
  act = jax.ShapeDtypeStruct(xs.shape[1:], xs.dtype, vma=frozenset({'stage'}))

  def tick(carry, x):
    h = jnp.where(me == 0, x, carry)
    out = block(params, h)
    token = lax.psend(out, 'stage', PERM)
    nxt = lax.precv(token, act, 'stage', PERM)
    return nxt, out

  init = lax.pvary(jnp.zeros(act.shape, act.dtype), 'stage')
  _, outs = lax.scan(tick, init, xs)
  return outs[None]


step = jax.jit(jax.shard_map(pipelined, mesh=mesh, in_specs=(P('stage'), P()),
                             out_specs=P('stage')))
params = (jax.ShapeDtypeStruct((N_STAGES, 32, 64), jnp.float32, sharding=NamedSharding(mesh, P('stage'))),
          jax.ShapeDtypeStruct((N_STAGES, 64, 32), jnp.float32, sharding=NamedSharding(mesh, P('stage'))))
xs = jax.ShapeDtypeStruct((N_MICRO, 8, 32), jnp.float32, sharding=NamedSharding(mesh, P()))
step.trace(params, xs).lower(lowering_platforms=('cuda',))
