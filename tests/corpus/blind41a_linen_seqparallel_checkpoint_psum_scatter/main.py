import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

TP, N = 'tp', 4


class SPBlock(nn.Module):
  d: int
  h_local: int

  @nn.compact
  def __call__(self, x_seq):                       # [T/N, d]
    y = nn.LayerNorm()(x_seq)
    y = lax.all_gather(y, TP, axis=0, tiled=True)   # [T, d]
    y = nn.gelu(nn.Dense(self.h_local)(y))          # column-parallel
    y = nn.Dense(self.d, use_bias=False)(y)        # row-parallel partial sums
    y = lax.psum_scatter(y, TP, scatter_dimension=0, tiled=True)
    return x_seq + y


block = SPBlock(d=16, h_local=8)
mesh = Mesh(np.array(jax.devices()), (TP,))


def loss(params, x):
  out = jax.checkpoint(block.apply)(params, x)
  return lax.psum(jnp.sum(out ** 2), TP)


def grad_step(params, x):
  return jax.grad(loss)(params, x)


x = jnp.ones((32, 16))
params = {'params': {
    'LayerNorm_0': {'scale': jnp.ones((16,)), 'bias': jnp.zeros((16,))},
    'Dense_0': {'kernel': jnp.zeros((N, 16, 8)), 'bias': jnp.zeros((N, 8))},
    'Dense_1': {'kernel': jnp.zeros((N, 8, 16))},
}}
specs = {'params': {
    'LayerNorm_0': {'scale': P(), 'bias': P()},
    'Dense_0': {'kernel': P(TP), 'bias': P(TP)},
    'Dense_1': {'kernel': P(TP)},
}}


def local(params, x):
  squeeze = lambda a: a[0] if a.ndim == 3 or (a.ndim == 2 and a.shape[0] == 1) else a
  p = jax.tree.map(squeeze, params)
  g = grad_step(p, x)
  return jax.tree.map(lambda a, ref: a[None] if ref.ndim != a.ndim else a, g, params)


f = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=(specs, P(TP)), out_specs=specs))
print(f.trace(params, x).lower(lowering_platforms=('cuda',)) is not None)
