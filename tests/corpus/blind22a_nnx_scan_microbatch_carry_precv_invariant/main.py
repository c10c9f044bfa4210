import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = 4
N_MICRO = 6
PERM = [(s, s + 1) for s in range(N_STAGES - 1)]


class Block(nnx.Module):

  def __init__(self, d, *, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, h):
    return jnp.tanh(self.lin(h))


def hop(h):
  tok = lax.psend(h, 'pp', PERM)
  return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'pp', PERM)


@nnx.scan(in_axes=(nnx.Carry, None, 0), out_axes=(nnx.Carry, 0))
def tick(carry, block, mb):
  h = block(carry + mb)
  nxt = hop(h)
  return nxt, h


def pipeline(block, microbatches):
  first = microbatches[0]
  _, outs = tick(first, block, microbatches)
  return outs


mesh = Mesh(np.array(jax.devices()), ('pp',))
block = Block(16, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(block)


@jax.jit
def run(params, xs):
  def body(params, xs):
    return pipeline(nnx.merge(graphdef, params), xs)
  return jax.shard_map(body, mesh=mesh, in_specs=(P(), P(None, 'pp')),
                       out_specs=P(None, 'pp'))(params, xs)


xs = jnp.ones((N_MICRO, 32, 16), jnp.float32)
run.trace(params, xs).lower(lowering_platforms=('cuda',))
