import equinox as eqx
import jax


class ConvNet(eqx.Module):
    conv: eqx.nn.Conv2d
    bn: eqx.nn.BatchNorm
    head: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.conv = eqx.nn.Conv2d(3, 16, kernel_size=3, padding=1, key=k1)
        self.bn = eqx.nn.BatchNorm(16, axis_name="batch", mode="ema")
        self.head = eqx.nn.Linear(16, 10, key=k2)

    def __call__(self, x, state):
        x = self.conv(x)
        x, state = self.bn(x, state)
        x = jax.nn.relu(x).mean(axis=(1, 2))
        return self.head(x), state
