import equinox as eqx
import jax
from jax import lax

from .blocks import TPBlock


class Stack(eqx.Module):
    layers: TPBlock

    def __init__(self, depth, dim, hidden, axis_name, key):
        make_layer = lambda k: TPBlock(dim, hidden, axis_name, k)
        self.layers = eqx.filter_vmap(make_layer)(jax.random.split(key, depth))

    def __call__(self, x):
        dynamic_layers, static_layers = eqx.partition(self.layers, eqx.is_array)

        def f(x, dynamic_layer):
            layer = eqx.combine(dynamic_layer, static_layers)
            return layer(x), None

        x, _ = lax.scan(f, x, dynamic_layers)
        return x
