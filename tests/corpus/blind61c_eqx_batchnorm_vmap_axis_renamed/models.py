import equinox as eqx
import jax
import jax.numpy as jnp

BN_AXIS = "batch"


class ConvNet(eqx.Module):
    conv1: eqx.nn.Conv2d
    bn1: eqx.nn.BatchNorm
    conv2: eqx.nn.Conv2d
    bn2: eqx.nn.BatchNorm
    head: eqx.nn.Linear

    def __init__(self, channels, n_classes, *, key):
        k1, k2, k3 = jax.random.split(key, 3)
        self.conv1 = eqx.nn.Conv2d(3, channels, 3, padding=1, key=k1)
        self.bn1 = eqx.nn.BatchNorm(channels, axis_name=BN_AXIS)
        self.conv2 = eqx.nn.Conv2d(channels, channels, 3, padding=1, key=k2)
        self.bn2 = eqx.nn.BatchNorm(channels, axis_name=BN_AXIS)
        self.head = eqx.nn.Linear(channels, n_classes, key=k3)

    def __call__(self, x, state):
        x, state = self.bn1(self.conv1(x), state)
        x = jax.nn.relu(x)
        x, state = self.bn2(self.conv2(x), state)
        x = jax.nn.relu(x)
        return self.head(jnp.mean(x, axis=(1, 2))), state
