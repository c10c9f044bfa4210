import equinox as eqx
import jax
import jax.random as jr


class ConvNet(eqx.Module):
    conv1: eqx.nn.Conv2d
    bn1: eqx.nn.BatchNorm
    conv2: eqx.nn.Conv2d
    bn2: eqx.nn.BatchNorm
    head: eqx.nn.Linear

    def __init__(self, channels, classes, key, batch_axis="batch"):
        k1, k2, k3 = jr.split(key, 3)
        self.conv1 = eqx.nn.Conv2d(1, channels, 3, padding=1, key=k1)
        self.bn1 = eqx.nn.BatchNorm(channels, axis_name=batch_axis, mode="batch")
        self.conv2 = eqx.nn.Conv2d(channels, channels, 3, padding=1, key=k2)
        self.bn2 = eqx.nn.BatchNorm(channels, axis_name=batch_axis, mode="batch")
        self.head = eqx.nn.Linear(channels, classes, key=k3)

    def __call__(self, x, state):
        x = self.conv1(x)
        x, state = self.bn1(x, state)
        x = jax.nn.relu(x)
        x = self.conv2(x)
        x, state = self.bn2(x, state)
        x = jax.nn.relu(x).mean(axis=(1, 2))
        return self.head(x), state
