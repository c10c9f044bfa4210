import equinox as eqx
import jax
import jax.numpy as jnp

from .halo import exchange_halo


class HaloConvBlock(eqx.Module):
    conv: eqx.nn.Conv1d
    norm: eqx.nn.GroupNorm
    time_proj: eqx.nn.Linear
    axis_name: str = eqx.field(static=True)
    num_shards: int = eqx.field(static=True)

    def __init__(self, channels, axis_name, num_shards, *, key):
        k1, k2 = jax.random.split(key)
        self.conv = eqx.nn.Conv1d(channels, channels, kernel_size=3, padding=0, key=k1)
        self.norm = eqx.nn.GroupNorm(groups=2, channels=channels)
        self.time_proj = eqx.nn.Linear(1, channels, key=k2)
        self.axis_name = axis_name
        self.num_shards = num_shards

    def __call__(self, x, t):
        h = exchange_halo(x, self.axis_name, self.num_shards, width=1)
        h = self.conv(h) + self.time_proj(jnp.atleast_1d(t))[:, None]
        return x + jax.nn.silu(self.norm(h))


class SpatialDenoiser(eqx.Module):
    blocks: list

    def __init__(self, channels, depth, axis_name, num_shards, *, key):
        self.blocks = [HaloConvBlock(channels, axis_name, num_shards, key=k)
                       for k in jax.random.split(key, depth)]

    def __call__(self, x, t):
        for block in self.blocks:
            x = block(x, t)
        return x
