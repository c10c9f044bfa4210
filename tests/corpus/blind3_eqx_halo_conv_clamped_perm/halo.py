import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class HaloConv1d(eqx.Module):
    """A 'valid' Conv1d over a length axis split across devices: each shard borrows one column
    from each neighbour (the edge shards reuse their own edge column), so the output keeps the
    shard's length."""

    conv: eqx.nn.Conv1d
    axis_name: str = eqx.field(static=True)
    num_shards: int = eqx.field(static=True)

    def __init__(self, channels, *, axis_name, num_shards, key):
        self.conv = eqx.nn.Conv1d(channels, channels, kernel_size=3, padding=0, key=key)
        self.axis_name = axis_name
        self.num_shards = num_shards

    def __call__(self, x):
        n = self.num_shards
        to_right = [(i, min(i + 1, n - 1)) for i in range(n)]
        to_left = [(i, max(i - 1, 0)) for i in range(n)]
        left_halo = jax.lax.ppermute(x[:, -1:], self.axis_name, perm=to_right)
        right_halo = jax.lax.ppermute(x[:, :1], self.axis_name, perm=to_left)
        x = jnp.concatenate([left_halo, x, right_halo], axis=1)
        return jax.nn.gelu(self.conv(x))


class HaloResNet(eqx.Module):
    layers: list

    def __init__(self, channels, depth, *, axis_name, num_shards, key):
        keys = jr.split(key, depth)
        self.layers = [
            HaloConv1d(channels, axis_name=axis_name, num_shards=num_shards, key=k) for k in keys
        ]

    def __call__(self, x):
        for layer in self.layers:
            x = x + layer(x)
        return x
