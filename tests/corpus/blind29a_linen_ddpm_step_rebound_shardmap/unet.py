import flax.linen as nn
import jax
import jax.numpy as jnp


class TimeEmbed(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, t):
        half = self.dim // 2
        f = jnp.exp(-jnp.log(10000.0) * jnp.arange(half) / (half - 1))
        e = t.astype(jnp.float32)[:, None] * f[None, :]
        e = jnp.concatenate([jnp.sin(e), jnp.cos(e)], axis=1)
        return nn.Dense(self.dim)(nn.swish(nn.Dense(self.dim)(e)))


class Block(nn.Module):
    ch: int

    @nn.compact
    def __call__(self, x, temb):
        h = nn.Conv(self.ch, (3, 3))(nn.swish(nn.GroupNorm(4)(x)))
        h = h + nn.Dense(self.ch)(temb)[:, None, None, :]
        h = nn.Conv(self.ch, (3, 3))(nn.swish(nn.GroupNorm(4)(h)))
        if x.shape[-1] != self.ch:
            x = nn.Conv(self.ch, (1, 1))(x)
        return x + h


class UNet(nn.Module):
    ch: int = 16

    @nn.compact
    def __call__(self, x, t):
        temb = TimeEmbed(4 * self.ch)(t)
        h = nn.Conv(self.ch, (3, 3))(x)
        skip = Block(self.ch)(h, temb)
        h = nn.max_pool(skip, (2, 2), (2, 2))
        h = Block(2 * self.ch)(h, temb)
        b, hh, ww, c = h.shape
        h = jax.image.resize(h, (b, 2 * hh, 2 * ww, c), "nearest")
        h = Block(self.ch)(jnp.concatenate([h, skip], axis=-1), temb)
        return nn.Conv(x.shape[-1], (3, 3))(h)
