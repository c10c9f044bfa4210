import equinox as eqx
import jax
import jax.random as jr


class MLPWithBN(eqx.Module):
    fc1: eqx.nn.Linear
    bn: eqx.nn.BatchNorm
    fc2: eqx.nn.Linear

    def __init__(self, din, width, dout, bn_axes, *, key):
        k1, k2 = jr.split(key)
        self.fc1 = eqx.nn.Linear(din, width, key=k1)
        self.bn = eqx.nn.BatchNorm(width, axis_name=bn_axes, mode="batch")
        self.fc2 = eqx.nn.Linear(width, dout, key=k2)

    def __call__(self, x, state):
        x = self.fc1(x)
        x, state = self.bn(x, state)
        return self.fc2(jax.nn.relu(x)), state
