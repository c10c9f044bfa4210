import equinox as eqx
import jax


class MLPBlock(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear

    def __init__(self, dim, hidden, *, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(dim, hidden, use_bias=False, key=k1)
        self.down = eqx.nn.Linear(hidden, dim, use_bias=False, key=k2)

    def __call__(self, x):
        return x + self.down(jax.nn.relu(self.up(x)))
