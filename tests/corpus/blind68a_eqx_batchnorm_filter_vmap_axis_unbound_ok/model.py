import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx


class ConvBNNet(eqx.Module):
    conv1: eqx.nn.Conv2d
    norm1: eqx.nn.BatchNorm
    conv2: eqx.nn.Conv2d
    norm2: eqx.nn.BatchNorm
    head: eqx.nn.Linear

    def __init__(self, in_channels, num_classes, key, axis_name="batch"):
        k1, k2, k3 = jr.split(key, 3)
        self.conv1 = eqx.nn.Conv2d(in_channels, 16, kernel_size=3, padding=1, key=k1)
        self.norm1 = eqx.nn.BatchNorm(16, axis_name=axis_name)
        self.conv2 = eqx.nn.Conv2d(16, 32, kernel_size=3, stride=2, padding=1, key=k2)
        self.norm2 = eqx.nn.BatchNorm(32, axis_name=axis_name)
        self.head = eqx.nn.Linear(32, num_classes, key=k3)

    def __call__(self, x, state):
        x = self.conv1(x)
        x, state = self.norm1(x, state)
        x = jax.nn.relu(x)
        x = self.conv2(x)
        x, state = self.norm2(x, state)
        x = jax.nn.relu(x)
        x = jnp.mean(x, axis=(1, 2))
        return self.head(x), state
