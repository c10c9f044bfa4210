import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

SEQ_AXIS = 'seq'


def rope(x, positions):
  d = x.shape[-1] // 2
  freqs = 1.0 / (10000 ** (jnp.arange(d) / d))
  ang = positions[:, None] * freqs[None, :]
  x1, x2 = x[..., :d], x[..., d:]
  return jnp.concatenate([x1 * jnp.cos(ang) - x2 * jnp.sin(ang),
                          x1 * jnp.sin(ang) + x2 * jnp.cos(ang)], axis=-1)


class Layer(nn.Module):
  d: int

  @nn.compact
  def __call__(self, x, _):
    local_len = x.shape[1]
    # global positions of this device's sequence chunk (context parallelism)
    offset = jax.lax.axis_index(SEQ_AXIS) * local_len
    pos = offset + jnp.arange(local_len)
    q = rope(nn.Dense(self.d, use_bias=False)(x), pos)
    k = rope(nn.Dense(self.d, use_bias=False)(x), pos)
    v = nn.Dense(self.d, use_bias=False)(x)
    att = jax.nn.softmax(jnp.einsum('bqd,bkd->bqk', q, k) / np.sqrt(self.d), axis=-1)
    return x + jnp.einsum('bqk,bkd->bqd', att, v), None


class Encoder(nn.Module):
  n_layers: int
  d: int

  @nn.compact
  def __call__(self, x):
    ScanLayer = nn.scan(Layer, variable_axes={'params': 0}, split_rngs={'params': True},
                        in_axes=nn.broadcast, length=self.n_layers)
    x, _ = ScanLayer(self.d)(x, None)
    return x


mesh = Mesh(np.array(jax.devices()), (SEQ_AXIS,))
model = Encoder(n_layers=3, d=32)
x = jnp.ones((2, 64, 32))
params = jax.eval_shape(model.init, jax.random.key(0), x[:, :16])

apply = jax.jit(model.apply,
                in_shardings=(NamedSharding(mesh, P()), NamedSharding(mesh, P(None, SEQ_AXIS))),
                out_shardings=NamedSharding(mesh, P(None, SEQ_AXIS)))
apply.trace(params, x).lower(lowering_platforms=('cuda',))
