import equinox as eqx
import jax
import jax.numpy as jnp

BATCH_AXIS = "batch"


class CNN(eqx.Module):
    layers: eqx.nn.Sequential

    def __init__(self, key):
        key1, key2, key3 = jax.random.split(key, 3)
        self.layers = eqx.nn.Sequential(
            [
                eqx.nn.Conv2d(1, 4, kernel_size=3, key=key1),
                eqx.nn.BatchNorm(4, axis_name=BATCH_AXIS, mode="batch"),
                eqx.nn.Lambda(jax.nn.relu),
                eqx.nn.MaxPool2d(kernel_size=2),
                eqx.nn.Lambda(jnp.ravel),
                eqx.nn.Linear(4 * 3 * 3, 16, key=key2),
                eqx.nn.Lambda(jax.nn.sigmoid),
                eqx.nn.Linear(16, 10, key=key3),
                eqx.nn.Lambda(jax.nn.log_softmax),
            ]
        )

    def __call__(self, x, state):
        return self.layers(x, state)
