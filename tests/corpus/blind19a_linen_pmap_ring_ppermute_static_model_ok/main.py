import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

N = jax.local_device_count()


class RingMix(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.dim)(x)
    n = lax.axis_size('devices')
    nb = lax.ppermute(h, 'devices', perm=[(i, (i + 1) % n) for i in range(n)])
    return nn.LayerNorm()(h + nb)


def step(model, params, x):
  return model.apply(params, x)


step = jax.pmap(step, axis_name='devices', static_broadcasted_argnums=0)

model = RingMix(32)
params = jax.eval_shape(lambda: jax.vmap(lambda x: model.init(jax.random.key(0), x), axis_name='devices', axis_size=N)(jnp.ones((N, 4, 32))))
jax.jit(step, static_argnums=0).trace(model, params, jnp.ones((N, 4, 32))).lower(lowering_platforms=('cuda',))
