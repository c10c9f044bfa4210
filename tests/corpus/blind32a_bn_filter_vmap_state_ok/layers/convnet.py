import equinox as eqx
import jax
import jax.numpy as jnp
from equinox import nn


class ConvNet(eqx.Module):
    conv1: nn.Conv2d
    bn1: nn.BatchNorm
    conv2: nn.Conv2d
    bn2: nn.BatchNorm
    head: nn.Linear

    def __init__(self, key, axis_name="batch"):
        k1, k2, k3 = jax.random.split(key, 3)
        self.conv1 = nn.Conv2d(3, 16, 3, padding=1, key=k1)
        self.bn1 = nn.BatchNorm(16, axis_name=axis_name, mode="batch")
        self.conv2 = nn.Conv2d(16, 16, 3, padding=1, key=k2)
        self.bn2 = nn.BatchNorm(16, axis_name=axis_name, mode="batch")
        self.head = nn.Linear(16, 10, key=k3)

    def __call__(self, x, state):
        x = self.conv1(x)
        x, state = self.bn1(x, state)
        x = jax.nn.relu(x)
        x = self.conv2(x)
        x, state = self.bn2(x, state)
        x = jax.nn.relu(x)
        x = jnp.mean(x, axis=(1, 2))
        return self.head(x), state
