import jax
import jax.numpy as jnp
import flax.linen as nn

from kernels.ring_allreduce import ring_all_reduce

N = 4


class RowParallel(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features, use_bias=False)(x)
    if self.is_initializing():
      return y
    return ring_all_reduce(y, axis_name='model', num_devices=N)


model = RowParallel(features=128)
x = jnp.ones((8, 32), jnp.float32)
params = model.init(jax.random.PRNGKey(0), x)
stacked = jax.tree_util.tree_map(lambda a: jnp.stack([a] * N), params)

fwd = jax.pmap(model.apply, axis_name='model')
jax.jit(fwd).trace(stacked, jnp.ones((N, 8, 32), jnp.float32)).lower(
    lowering_platforms=('tpu',))
