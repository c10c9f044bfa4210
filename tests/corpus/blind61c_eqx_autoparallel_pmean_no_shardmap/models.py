import equinox as eqx
import jax


class Classifier(eqx.Module):
    norm: eqx.nn.LayerNorm
    mlp: eqx.nn.MLP

    def __init__(self, in_size, n_classes, *, key):
        self.norm = eqx.nn.LayerNorm(in_size)
        self.mlp = eqx.nn.MLP(in_size, n_classes, width_size=64, depth=2,
                              activation=jax.nn.gelu, key=key)

    def __call__(self, x):
        return self.mlp(self.norm(x))
