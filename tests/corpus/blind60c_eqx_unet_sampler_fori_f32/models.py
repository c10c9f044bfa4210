import math

import equinox as eqx
import jax
import jax.numpy as jnp


def timestep_embedding(t, dim):
  half = dim // 2
  freqs = jnp.exp(-math.log(10000.0) * jnp.arange(half) / half)
  args = t * freqs
  return jnp.concatenate([jnp.sin(args), jnp.cos(args)])


class ResBlock(eqx.Module):
  conv1: eqx.nn.Conv2d
  conv2: eqx.nn.Conv2d
  temb_proj: eqx.nn.Linear

  def __init__(self, ch, temb_dim, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.conv1 = eqx.nn.Conv2d(ch, ch, 3, padding=1, key=k1)
    self.conv2 = eqx.nn.Conv2d(ch, ch, 3, padding=1, key=k2)
    self.temb_proj = eqx.nn.Linear(temb_dim, ch, key=k3)

  def __call__(self, x, temb):
    h = jax.nn.silu(self.conv1(x))
    h = h + self.temb_proj(temb)[:, None, None]
    h = self.conv2(jax.nn.silu(h))
    return x + h


class UNet(eqx.Module):
  stem: eqx.nn.Conv2d
  down: eqx.nn.Conv2d
  mid: ResBlock
  up: eqx.nn.ConvTranspose2d
  head: eqx.nn.Conv2d
  temb_dim: int = eqx.field(static=True)

  def __init__(self, in_ch, ch, temb_dim, *, key):
    ks = jax.random.split(key, 5)
    self.temb_dim = temb_dim
    self.stem = eqx.nn.Conv2d(in_ch, ch, 3, padding=1, key=ks[0])
    self.down = eqx.nn.Conv2d(ch, ch, 4, stride=2, padding=1, key=ks[1])
    self.mid = ResBlock(ch, temb_dim, key=ks[2])
    self.up = eqx.nn.ConvTranspose2d(ch, ch, 4, stride=2, padding=1, key=ks[3])
    self.head = eqx.nn.Conv2d(ch, in_ch, 3, padding=1, key=ks[4])

  def __call__(self, x, t):
    temb = timestep_embedding(t, self.temb_dim)
    h = self.stem(x)
    skip = h
    h = self.down(h)
    h = self.mid(h, temb)
    h = self.up(h) + skip
    return self.head(jax.nn.silu(h))
