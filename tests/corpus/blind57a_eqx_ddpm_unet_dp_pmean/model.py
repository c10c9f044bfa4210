import equinox as eqx
import jax
import jax.numpy as jnp


class TimeEmbed(eqx.Module):
  proj: eqx.nn.Linear
  dim: int = eqx.field(static=True)

  def __init__(self, dim, out, key):
    self.dim = dim
    self.proj = eqx.nn.Linear(dim, out, key=key)

  def __call__(self, t):
    freqs = jnp.exp(-jnp.log(10_000.0) * jnp.arange(self.dim // 2) / (self.dim // 2))
    emb = jnp.concatenate([jnp.sin(t * freqs), jnp.cos(t * freqs)])
    return jax.nn.silu(self.proj(emb))


class TinyUNet(eqx.Module):
  temb: TimeEmbed
  down1: eqx.nn.Conv2d
  down2: eqx.nn.Conv2d
  up1: eqx.nn.ConvTranspose2d
  head: eqx.nn.Conv2d

  def __init__(self, channels, width, key):
    k = jax.random.split(key, 5)
    self.temb = TimeEmbed(32, width, k[0])
    self.down1 = eqx.nn.Conv2d(channels, width, 3, padding=1, key=k[1])
    self.down2 = eqx.nn.Conv2d(width, 2 * width, 3, stride=2, padding=1, key=k[2])
    self.up1 = eqx.nn.ConvTranspose2d(2 * width, width, 4, stride=2, padding=1, key=k[3])
    self.head = eqx.nn.Conv2d(2 * width, channels, 3, padding=1, key=k[4])

  def __call__(self, x, t):
    h1 = jax.nn.silu(self.down1(x)) + self.temb(t)[:, None, None]
    h2 = jax.nn.silu(self.down2(h1))
    u1 = jax.nn.silu(self.up1(h2))
    return self.head(jnp.concatenate([u1, h1], axis=0))
