import equinox as eqx
import jax


class Model(eqx.Module):
    linear1: eqx.nn.Linear
    norm: eqx.nn.BatchNorm
    linear2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.linear1 = eqx.nn.Linear(3, 32, key=k1)
        self.norm = eqx.nn.BatchNorm(input_size=32, axis_name="batch", mode="batch")
        self.linear2 = eqx.nn.Linear(32, 1, key=k2)

    def __call__(self, x, state):
        x = self.linear1(x)
        x, state = self.norm(x, state)
        x = jax.nn.relu(x)
        return self.linear2(x), state
