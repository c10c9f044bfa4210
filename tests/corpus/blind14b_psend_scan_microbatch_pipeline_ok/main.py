import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
MICRO = 6
mesh = Mesh(np.array(jax.devices()[:STAGES]), ('stage',))
FWD = [(i, i + 1) for i in range(STAGES - 1)]


def stage_fn(w, h):
  return jax.nn.relu(h @ w)


def pipeline(ws, xs):
  # ws: [1, d, d] this stage's layer; xs: [MICRO, b, d] replicated input microbatches
  w = ws[0]
  stage = lax.axis_index('stage')
  spec = jax.ShapeDtypeStruct(xs.shape[1:], xs.dtype)

  def tick(h_in, x):
    h = jnp.where(stage == 0, x, h_in)
    y = stage_fn(w, h)
    tok = lax.psend(y, 'stage', FWD)
    h_next = lax.precv(tok, spec, 'stage', FWD)
    return h_next, y

  h0 = jnp.zeros(spec.shape, spec.dtype)
  _, ys = lax.scan(tick, h0, xs)
  return ys[None]


run = jax.jit(jax.shard_map(pipeline, mesh=mesh, in_specs=(P('stage'), P()),
                            out_specs=P('stage')))

if __name__ == '__main__':
  ws = jnp.ones((STAGES, 32, 32))
  xs = jnp.ones((MICRO, 8, 32))
  run.trace(ws, xs).lower(lowering_platforms=('cuda',))
