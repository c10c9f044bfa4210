import jax
import equinox as eqx

import config


class Block(eqx.Module):
    norm: eqx.nn.LayerNorm
    mlp: eqx.nn.MLP

    def __init__(self, dim, *, key):
        self.norm = eqx.nn.LayerNorm(dim)
        self.mlp = eqx.nn.MLP(dim, dim, 4 * dim, depth=1, activation=jax.nn.gelu, key=key)

    def __call__(self, x):
        return x + self.mlp(self.norm(x))


def make_block(key):
    return Block(config.DIM, key=key)
