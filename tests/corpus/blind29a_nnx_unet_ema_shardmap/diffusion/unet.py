import jax
import jax.numpy as jnp
from flax import nnx


def timestep_embedding(t, dim):
    half = dim // 2
    freqs = jnp.exp(-jnp.log(10000.0) * jnp.arange(half) / half)
    args = t[:, None].astype(jnp.float32) * freqs[None]
    return jnp.concatenate([jnp.sin(args), jnp.cos(args)], axis=-1)


class ResBlock(nnx.Module):
    def __init__(self, cin, cout, tdim, rngs):
        self.norm1 = nnx.GroupNorm(cin, num_groups=4, rngs=rngs)
        self.conv1 = nnx.Conv(cin, cout, (3, 3), rngs=rngs)
        self.temb = nnx.Linear(tdim, cout, rngs=rngs)
        self.norm2 = nnx.GroupNorm(cout, num_groups=4, rngs=rngs)
        self.conv2 = nnx.Conv(cout, cout, (3, 3), rngs=rngs)
        self.skip = nnx.Conv(cin, cout, (1, 1), rngs=rngs) if cin != cout else None

    def __call__(self, x, temb):
        h = self.conv1(nnx.silu(self.norm1(x)))
        h = h + self.temb(nnx.silu(temb))[:, None, None, :]
        h = self.conv2(nnx.silu(self.norm2(h)))
        return h + (self.skip(x) if self.skip is not None else x)


class UNet(nnx.Module):
    def __init__(self, ch=16, tdim=32, *, rngs):
        self.tdim = tdim
        self.inp = nnx.Conv(3, ch, (3, 3), rngs=rngs)
        self.down = ResBlock(ch, 2 * ch, tdim, rngs)
        self.mid = ResBlock(2 * ch, 2 * ch, tdim, rngs)
        self.up = ResBlock(4 * ch, ch, tdim, rngs)
        self.out = nnx.Conv(ch, 3, (3, 3), rngs=rngs)

    def __call__(self, x, t):
        temb = timestep_embedding(t, self.tdim)
        h0 = self.inp(x)
        h1 = self.down(nnx.avg_pool(h0, (2, 2), (2, 2)), temb)
        h2 = self.mid(h1, temb)
        h = jnp.concatenate([h2, h1], axis=-1)
        h = jax.image.resize(h, (h.shape[0], x.shape[1], x.shape[2], h.shape[-1]), "nearest")
        h = self.up(h, temb)
        return self.out(h)
