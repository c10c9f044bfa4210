import equinox as eqx
import jax


def make_model(key):
    return eqx.nn.MLP(in_size=16, out_size=4, width_size=64, depth=2,
                      activation=jax.nn.gelu, key=key)
