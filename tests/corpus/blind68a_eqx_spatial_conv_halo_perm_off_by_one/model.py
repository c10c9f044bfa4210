import jax
import jax.random as jr
import equinox as eqx

from parallel.halo import exchange_rows


class SpatialConvNet(eqx.Module):
    convs: list
    axis_name: str = eqx.field(static=True)
    num_shards: int = eqx.field(static=True)

    def __init__(self, channels, depth, *, axis_name, num_shards, key):
        keys = jr.split(key, depth)
        # height is padded by the halo exchange, width by the conv itself
        self.convs = [
            eqx.nn.Conv2d(channels, channels, kernel_size=3, padding=((0, 0), (1, 1)), key=k)
            for k in keys
        ]
        self.axis_name = axis_name
        self.num_shards = num_shards

    def __call__(self, x):
        for conv in self.convs:
            x = jax.nn.relu(conv(exchange_rows(x, self.axis_name, self.num_shards)))
        return x
