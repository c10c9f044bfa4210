import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
SEND_PERM = [(s, s + 1) for s in range(STAGES - 1)]


class Block(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x):
    return nn.tanh(nn.Dense(self.dim)(x))


class PipeStage(nn.Module):
  dim: int

  def setup(self):
    self.block = nn.remat(Block)(self.dim)

  def __call__(self, x):
    y = self.block(x)
    if self.is_initializing():
      return y
    tok = lax.psend(y, 'stages', SEND_PERM)
    return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stages', SEND_PERM)


model = PipeStage(dim=32)
x = jnp.ones((8, 32))
params = model.init(jax.random.key(1), x)


def loss(params, x, y):
  return jnp.mean((model.apply(params, x) - y) ** 2)


def train_step(params, x, y):
  l, g = jax.value_and_grad(loss)(params, x, y)
  return lax.pmean(l, 'stages'), lax.pmean(g, 'stages')


mesh = Mesh(np.array(jax.devices()), ('stages',))
train_step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                                   in_specs=(P(), P('stages'), P('stages')),
                                   out_specs=(P(), P()), check_vma=False))
train_step.trace(params, x, x).lower(lowering_platforms=('cuda',))
