import equinox as eqx
import jax
import jax.numpy as jnp


class CNN(eqx.Module):
    conv: eqx.nn.Conv2d
    pool: eqx.nn.MaxPool2d
    fc: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.conv = eqx.nn.Conv2d(1, 8, kernel_size=3, padding=1, key=k1)
        self.pool = eqx.nn.MaxPool2d(kernel_size=2, stride=2)
        self.fc = eqx.nn.Linear(8 * 14 * 14, 10, key=k2)

    def __call__(self, x):
        x = self.pool(jax.nn.relu(self.conv(x)))
        return self.fc(jnp.ravel(x))
