import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class Stage(nnx.Module):
  def __init__(self, rngs):
    self.lin = nnx.Linear(32, 32, rngs=rngs)
    self.norm = nnx.LayerNorm(32, rngs=rngs)

  def __call__(self, x):
    return self.norm(x + self.lin(x))


def make_forward(mesh, graphdef, n):
  ring = [(i, (i + 1) % n) for i in range(n)]

  def body(state, acts):
    stage = nnx.merge(graphdef, state)

    def tick(i, h):
      y = stage(h)
      r = lax.precv(lax.psend(y, 'pp', ring), jax.ShapeDtypeStruct(y.shape, y.dtype), 'pp', ring)
      return lax.pvary(r, 'pp')

    return lax.fori_loop(0, n, tick, acts)

  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P('pp')), out_specs=P('pp')))


mesh = Mesh(np.array(jax.devices()), ('pp',))
graphdef, state = nnx.split(Stage(nnx.Rngs(0)))
fwd = make_forward(mesh, graphdef, 4)
fwd.trace(state, jnp.ones((16, 32))).lower(lowering_platforms=('cuda',))
