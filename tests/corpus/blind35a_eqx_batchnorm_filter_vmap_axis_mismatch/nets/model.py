import equinox as eqx
import jax
import jax.random as jr

BATCH_AXIS = "batch"


class Model(eqx.Module):
    norm: eqx.nn.BatchNorm
    linear1: eqx.nn.Linear
    linear2: eqx.nn.Linear

    def __init__(self, key):
        key1, key2 = jr.split(key)
        self.linear1 = eqx.nn.Linear(3, 32, key=key1)
        self.norm = eqx.nn.BatchNorm(input_size=32, axis_name=BATCH_AXIS)
        self.linear2 = eqx.nn.Linear(32, 3, key=key2)

    def __call__(self, x, state):
        x = self.linear1(x)
        x, state = self.norm(x, state)
        return self.linear2(jax.nn.relu(x)), state
