import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
FWD = tuple((i, i + 1) for i in range(STAGES - 1))


def stage(w, x):
  return jax.nn.relu(x @ w)


def pipeline(ws, mbs):
  w = ws[0]
  me = jax.lax.axis_index('pp')

  def body(carry, mb):
    x = jnp.where(me == 0, mb, carry)
    y = stage(w, x)
    tok = jax.lax.psend(y, 'pp', FWD)
    nxt = jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pp', FWD)
    return nxt, y

  _, ys = jax.lax.scan(body, jnp.zeros_like(mbs[0]), mbs)
  return ys[None]


def main():
  mesh = Mesh(np.array(jax.devices()), ('pp',))
  f = jax.jit(jax.shard_map(pipeline, mesh=mesh, in_specs=(P('pp'), P()), out_specs=P('pp')))
  f.trace(jnp.stack([jnp.eye(16)] * STAGES), jnp.ones((6, 2, 16))).lower(
      lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
