import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
    conv: eqx.nn.Conv1d
    norm: eqx.nn.BatchNorm

    def __init__(self, channels, bn_axes, key):
        self.conv = eqx.nn.Conv1d(channels, channels, kernel_size=3, padding=1, key=key)
        self.norm = eqx.nn.BatchNorm(channels, axis_name=bn_axes, mode="batch")

    def __call__(self, x, state):
        h = self.conv(x)
        h, state = self.norm(h, state)
        return x + jax.nn.gelu(h), state


class Net(eqx.Module):
    blocks: tuple

    def __init__(self, channels, depth, bn_axes, key):
        self.blocks = tuple(Block(channels, bn_axes, k) for k in jax.random.split(key, depth))

    def __call__(self, x, state):
        for block in self.blocks:
            x, state = block(x, state)
        return jnp.mean(x, axis=-1), state
