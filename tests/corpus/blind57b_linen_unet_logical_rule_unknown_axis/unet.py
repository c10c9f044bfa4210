import flax.linen as nn
import jax.numpy as jnp

conv_init = nn.with_logical_partitioning(nn.initializers.lecun_normal(),
                                         ('height', 'width', 'conv_in', 'conv_out'))


class ResBlock(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x, temb):
    h = nn.Conv(self.features, (3, 3), kernel_init=conv_init)(nn.silu(nn.GroupNorm(8)(x)))
    h = h + nn.Dense(self.features)(temb)[:, None, None, :]
    h = nn.Conv(self.features, (3, 3), kernel_init=conv_init)(nn.silu(nn.GroupNorm(8)(h)))
    if x.shape[-1] != self.features:
      x = nn.Conv(self.features, (1, 1), kernel_init=conv_init)(x)
    return x + h


class UNet(nn.Module):
  ch: int = 32

  @nn.compact
  def __call__(self, x, t):
    temb = nn.Dense(4 * self.ch)(jnp.stack([jnp.sin(t), jnp.cos(t)], axis=-1))
    h1 = ResBlock(self.ch)(nn.Conv(self.ch, (3, 3), kernel_init=conv_init)(x), temb)
    h2 = ResBlock(2 * self.ch)(nn.avg_pool(h1, (2, 2), (2, 2)), temb)
    u = jnp.repeat(jnp.repeat(h2, 2, axis=1), 2, axis=2)
    u = ResBlock(self.ch)(jnp.concatenate([u, h1], axis=-1), temb)
    return nn.Conv(x.shape[-1], (3, 3))(u)
