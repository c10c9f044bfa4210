import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


def ring_allreduce(x, axis):
  n = lax.axis_size(axis)
  perm = [(i, (i + 1) % n) for i in range(n)]

  def body(_, carry):
    acc, buf = carry
    buf = lax.ppermute(buf, axis, perm)
    return acc + buf, buf

  acc, _ = lax.fori_loop(0, n - 1, body, (x, x))
  return acc


class RowParallel(nn.Module):
  out: int

  @nn.compact
  def __call__(self, x):
    return ring_allreduce(nn.Dense(self.out, use_bias=False)(x), 'tp')


mesh = Mesh(np.array(jax.devices()), ('tp',))


def step(model, params, x):
  f = jax.shard_map(model.apply, mesh=mesh, in_specs=(P('tp'), P(None, 'tp')), out_specs=P())
  return f(params, x)


step = jax.jit(step, static_argnums=0)
model = RowParallel(16)
params = {'params': {'Dense_0': {'kernel': jnp.zeros((64, 16))}}}
step.trace(model, params, jnp.ones((8, 64))).lower(lowering_platforms=('cuda',))
