import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


class Block(nnx.Module):
  def __init__(self, rngs):
    self.fc = nnx.Linear(32, 128, rngs=rngs)
    self.out = nnx.Linear(128, 32, rngs=rngs)

  def __call__(self, x):
    h = nnx.relu(self.fc(x))
    h = jax.lax.with_sharding_constraint(h, P('data', 'model'))
    return x + self.out(h)


block = Block(nnx.Rngs(0))


@nnx.jit
def loss_fn(block, x):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data')), out_specs=P(),
                 auto=frozenset({'model'}))
  def local(block, x):
    return jax.lax.pmean(jnp.mean(block(x) ** 2), 'data')
  return local(block, x)


with mesh:
  gdef, state = nnx.split(block)
  jax.jit(lambda s, x: loss_fn(nnx.merge(gdef, s), x)).trace(
      state, jnp.ones((16, 32))).lower(lowering_platforms=('cuda',))
