import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('stage',), axis_types=(AxisType.Explicit,))
N = mesh.shape['stage']
REPEATS = 2  # each device holds REPEATS layers, used on successive loops around the ring
CYCLE = [(i, (i + 1) % N) for i in range(N)]


def layer(w, h):
  return h + jnp.tanh(h @ w)


def circular(ws, x):
  # ws: [1, REPEATS, d, d]; x: [b, d] replicated input
  ws = ws[0]
  me = lax.axis_index('stage')
  spec = jax.ShapeDtypeStruct(x.shape, x.dtype)

  def tick(h, t):
    rep = jnp.minimum(t // N, REPEATS - 1)
    h = jnp.where((t == 0) & (me == 0), x, h)
    y = layer(ws[rep], h)
    tok = lax.psend(y, 'stage', CYCLE)
    nxt = lax.precv(tok, spec, 'stage', CYCLE)
    return lax.pcast(nxt, 'stage', to='varying'), y

  h0 = lax.pcast(jnp.zeros_like(x), 'stage', to='varying')
  _, ys = lax.scan(tick, h0, jnp.arange(N * REPEATS))
  return ys[-1][None]


fn = jax.jit(jax.shard_map(circular, mesh=mesh, in_specs=(P('stage'), P()),
                           out_specs=P('stage')))
ws = jax.ShapeDtypeStruct((N, REPEATS, 32, 32), jnp.float32,
                          sharding=NamedSharding(mesh, P('stage')))
x = jax.ShapeDtypeStruct((8, 32), jnp.float32, sharding=NamedSharding(mesh, P()))
fn.trace(ws, x).lower(lowering_platforms=('cuda',))
