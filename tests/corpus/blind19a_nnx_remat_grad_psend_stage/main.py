import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

PERM = [(0, 1), (1, 2), (2, 3)]


class Stage(nnx.Module):
  def __init__(self, d, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)

  @nnx.remat
  def __call__(self, x):
    y = nnx.relu(self.lin(x))
    tok = lax.psend(y, 'pp', PERM)
    return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pp', PERM)


mesh = Mesh(np.array(jax.devices()), ('pp',))
graphdef, state = nnx.split(Stage(16, nnx.Rngs(0)))


def train(state, x):
  stage = nnx.merge(graphdef, state)
  grads = nnx.grad(lambda m: jnp.mean(m(x) ** 2))(stage)
  return lax.pmean(grads, 'pp')


f = jax.jit(jax.shard_map(train, mesh=mesh, in_specs=(P(), P()), out_specs=P(), check_vma=False))
f.trace(state, jnp.ones((4, 16))).lower(lowering_platforms=('cuda',))
