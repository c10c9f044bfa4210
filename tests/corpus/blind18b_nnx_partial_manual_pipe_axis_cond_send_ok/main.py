import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

PIPE = 'pipe'


class Stage(nnx.Module):
  def __init__(self, rngs):
    self.fc = nnx.Linear(64, 64, rngs=rngs)

  def __call__(self, x):
    return x + nnx.relu(self.fc(x))


def send_on(y, n):
  pairs = [(i, i + 1) for i in range(n - 1)]
  return lax.precv(lax.psend(y, PIPE, pairs), jax.ShapeDtypeStruct(y.shape, y.dtype), PIPE, pairs)


def pipe_body(gdef, state, x, *, n):
  stage = nnx.merge(gdef, state)
  last = lax.axis_index(PIPE) == n - 1
  h = x
  for _ in range(n):
    y = stage(h)
    h = lax.cond(last, lambda v: v, functools.partial(send_on, n=n), y)
  return h


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', PIPE))
gdef, state = nnx.split(Stage(nnx.Rngs(1)))
fn = jax.shard_map(functools.partial(pipe_body, gdef, n=2), mesh=mesh,
                   in_specs=(P(), P(PIPE)), out_specs=P(PIPE), axis_names={PIPE},
                   check_vma=False)
jax.jit(fn).trace(state, jnp.ones((8, 64))).lower(lowering_platforms=('cuda',))
