import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from sched import one_f_one_b


class Stage(nnx.Module):
  def __init__(self, rngs):
    self.l = nnx.Linear(16, 16, rngs=rngs)

  def __call__(self, x):
    return nnx.tanh(self.l(x))


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'pipe'))
gdef, state = nnx.split(Stage(nnx.Rngs(0)))


def body(state, micro):
  stage = nnx.merge(gdef, state)
  ys, sig = one_f_one_b(stage, micro, axis='pipe', n=2)
  return ys, sig


f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P(None, 'data')),
                          out_specs=(P('pipe', 'data'), P('data')), check_vma=False))
f.trace(state, jnp.ones((4, 8, 16))).lower(lowering_platforms=('cuda',))
