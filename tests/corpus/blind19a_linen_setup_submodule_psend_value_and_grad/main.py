import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class Transfer(nn.Module):
  axis: str
  n: int

  def __call__(self, x):
    perm = [(i, i + 1) for i in range(self.n - 1)]
    tok = lax.psend(x, self.axis, perm)
    return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), self.axis, perm)


class PipelinedMLP(nn.Module):
  dim: int
  n: int

  def setup(self):
    self.proj = nn.Dense(self.dim)
    self.transfer = Transfer('pp', self.n)

  def __call__(self, x):
    return self.transfer(nn.relu(self.proj(x)))


mesh = Mesh(np.array(jax.devices()), ('pp',))
model = PipelinedMLP(32, 4)


def step(params, x):
  def loss(p):
    return jnp.mean(model.apply(p, x) ** 2)
  l, g = jax.value_and_grad(loss)(params)
  return lax.pmean(l, 'pp'), lax.pmean(g, 'pp')


params = {'params': {'proj': {'kernel': jnp.zeros((32, 32)), 'bias': jnp.zeros((32,))}}}
f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P('pp')), out_specs=(P(), P())))
f.trace(params, jnp.ones((16, 32))).lower(lowering_platforms=('cuda',))
