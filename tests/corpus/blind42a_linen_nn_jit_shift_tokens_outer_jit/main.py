"""RWKV-style token shift over a sequence split across devices: the first position of each
shard mixes in the last position of the previous shard (ppermute). The shift module is
compiled separately with Flax's lifted nn.jit."""
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

SP = 'sp'
N = len(jax.devices())


class TokenShift(nn.Module):
  n_shards: int

  @nn.compact
  def __call__(self, x):                         # (B, L_local, d)
    fwd = [(i, i + 1) for i in range(self.n_shards - 1)]
    prev_last = lax.ppermute(x[:, -1:], SP, fwd)
    shifted = jnp.concatenate([prev_last, x[:, :-1]], axis=1)
    mu = self.param('mu', nn.initializers.constant(0.5), (x.shape[-1],))
    return x * mu + shifted * (1 - mu)


class TimeMix(nn.Module):
  d: int
  n_shards: int

  @nn.compact
  def __call__(self, x):
    shifted = nn.jit(TokenShift)(self.n_shards, name='shift')(x)
    k = nn.Dense(self.d, name='key')(shifted)
    r = nn.sigmoid(nn.Dense(self.d, name='receptance')(shifted))
    return x + nn.Dense(self.d, name='out')(r * jnp.cumsum(k, axis=1))


mesh = Mesh(np.array(jax.devices()), (SP,))
model = TimeMix(d=32, n_shards=N)
x = jax.device_put(jnp.ones((2, N * 8, 32)), NamedSharding(mesh, P(None, SP)))
params = jax.eval_shape(model.init, jax.random.key(0), x)

forward = jax.jit(model.apply, in_shardings=(None, NamedSharding(mesh, P(None, SP))),
                  out_shardings=NamedSharding(mesh, P(None, SP)))
forward.trace(params, x).lower(lowering_platforms=('cuda',))
print('lowered')
