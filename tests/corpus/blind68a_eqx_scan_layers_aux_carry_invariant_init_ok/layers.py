import jax
import equinox as eqx


class ResidualBlock(eqx.Module):
    norm: eqx.nn.LayerNorm
    mlp: eqx.nn.MLP

    def __init__(self, dim, *, key):
        self.norm = eqx.nn.LayerNorm(dim)
        self.mlp = eqx.nn.MLP(dim, dim, 2 * dim, depth=1, activation=jax.nn.silu, key=key)

    def __call__(self, x):
        return x + self.mlp(self.norm(x))
