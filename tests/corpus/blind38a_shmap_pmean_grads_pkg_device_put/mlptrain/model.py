import equinox as eqx
import jax


class Regressor(eqx.Module):
    mlp: eqx.nn.MLP
    norm: eqx.nn.LayerNorm

    def __init__(self, in_size, out_size, width, depth, *, key):
        self.mlp = eqx.nn.MLP(in_size, out_size, width, depth, activation=jax.nn.gelu, key=key)
        self.norm = eqx.nn.LayerNorm(in_size)

    def __call__(self, x):
        return self.mlp(self.norm(x))
