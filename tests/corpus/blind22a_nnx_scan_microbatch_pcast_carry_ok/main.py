import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = 4
PERM = [(s, s + 1) for s in range(N_STAGES - 1)]


class Block(nnx.Module):

  def __init__(self, d, *, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, h):
    return jnp.tanh(self.lin(h))


def hop(h):
  tok = lax.psend(h, 'pp', PERM)
  got = lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'pp', PERM)
  return lax.pcast(got, 'pp', to='varying')


def pipeline(block, microbatches):
  @nnx.scan(in_axes=(nnx.Carry, None, 0), out_axes=(nnx.Carry, 0))
  def tick(carry, block, mb):
    h = block(carry + mb)
    return hop(h), h

  _, outs = tick(jnp.zeros_like(microbatches[0]), block, microbatches)
  return outs


mesh = Mesh(np.array(jax.devices()), ('pp',))
block = Block(16, rngs=nnx.Rngs(0))


@nnx.jit
def run(block, xs):
  return nnx.shard_map(pipeline, mesh=mesh, in_specs=(P(), P(None, 'pp')),
                       out_specs=P(None, 'pp'))(block, xs)


xs = jnp.ones((6, 32, 16), jnp.float32)
run.trace(block, xs).lower(lowering_platforms=('cuda',))
