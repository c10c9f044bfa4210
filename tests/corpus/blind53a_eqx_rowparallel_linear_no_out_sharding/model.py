import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class ParallelMLP(eqx.Module):
    up: jax.Array    # (F, D): column-parallel, sharded over F
    down: jax.Array  # (D, F): row-parallel, sharded over F

    def __init__(self, dim, hidden, *, key):
        k1, k2 = jr.split(key)
        self.up = jr.normal(k1, (hidden, dim)) / jnp.sqrt(dim)
        self.down = jr.normal(k2, (dim, hidden)) / jnp.sqrt(hidden)

    def __call__(self, x):
        h = jax.nn.gelu(self.up @ x)
        return self.down @ h


class Net(eqx.Module):
    blocks: list
    activation: callable = eqx.field(static=True)

    def __init__(self, dim, hidden, depth, *, key):
        self.blocks = [ParallelMLP(dim, hidden, key=k) for k in jr.split(key, depth)]
        self.activation = jnp.tanh

    def __call__(self, x):
        for blk in self.blocks:
            x = x + self.activation(blk(x))
        return x
