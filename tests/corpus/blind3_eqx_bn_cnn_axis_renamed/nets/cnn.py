import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from .blocks import ConvBNBlock

BATCH_AXIS = "batch"


class CNN(eqx.Module):
    block1: ConvBNBlock
    block2: ConvBNBlock
    pool: eqx.nn.MaxPool2d
    head: eqx.nn.Linear

    def __init__(self, key):
        k1, k2, k3 = jr.split(key, 3)
        self.block1 = ConvBNBlock(1, 4, axis_name=BATCH_AXIS, key=k1)
        self.block2 = ConvBNBlock(4, 8, axis_name=BATCH_AXIS, key=k2)
        self.pool = eqx.nn.MaxPool2d(kernel_size=2, stride=2)
        self.head = eqx.nn.Linear(8 * 4 * 4, 10, key=k3)

    def __call__(self, x, state):
        x, state = self.block1(x, state)
        x = self.pool(x)
        x, state = self.block2(x, state)
        x = self.pool(x)
        x = jnp.ravel(x)
        return jax.nn.log_softmax(self.head(x)), state
