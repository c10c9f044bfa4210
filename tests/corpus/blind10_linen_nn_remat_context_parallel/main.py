import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class CPAttention(nn.Module):
  heads: int
  cp_axis: str

  @nn.compact
  def __call__(self, x):
    b, s, d = x.shape
    hd = d // self.heads
    q = nn.DenseGeneral((self.heads, hd), use_bias=False, name='q')(x)
    kv = nn.DenseGeneral((2, self.heads, hd), use_bias=False, name='kv')(x)
    kv = lax.all_gather(kv, self.cp_axis, axis=0)            # [cp, b, s, 2, h, hd]
    kv = jnp.moveaxis(kv, 0, 1).reshape(b, -1, 2, self.heads, hd)
    k, v = kv[:, :, 0], kv[:, :, 1]
    w = nn.softmax(jnp.einsum('bqhd,bkhd->bhqk', q, k) * hd ** -0.5)
    return nn.DenseGeneral(d, axis=(-2, -1), name='o')(jnp.einsum('bhqk,bkhd->bqhd', w, v))


class Layer(nn.Module):
  cp_axis: str

  @nn.compact
  def __call__(self, x):
    x = x + CPAttention(4, self.cp_axis)(nn.LayerNorm()(x))
    return x + nn.Dense(x.shape[-1])(nn.gelu(nn.Dense(4 * x.shape[-1])(nn.LayerNorm()(x))))


class Decoder(nn.Module):
  cp_axis: str = 'cp'

  @nn.compact
  def __call__(self, x):
    RematLayer = nn.remat(Layer)
    for i in range(2):
      x = RematLayer(self.cp_axis, name=f'layer_{i}')(x)
    return x


def main():
  mesh = Mesh(np.array(jax.devices()), ('cp',))
  model = Decoder()
  x = jnp.ones((2, 16, 32))
  init = shard_map(lambda k, x: model.init(k, x), mesh=mesh,
                   in_specs=(P(), P(None, 'cp')), out_specs=P(), check_rep=False)
  params = jax.eval_shape(init, jax.random.key(0), x)

  def loss(params, x):
    y = model.apply(params, x)
    return lax.pmean(jnp.mean(y ** 2), 'cp')

  grad_fn = jax.jit(shard_map(jax.grad(loss), mesh=mesh,
                              in_specs=(P(), P(None, 'cp')), out_specs=P(), check_rep=False))
  grad_fn.trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
