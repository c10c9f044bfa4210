import equinox as eqx
import jax
import jax.numpy as jnp


class ResidualBlock(eqx.Module):
    norm: eqx.nn.LayerNorm
    fc1: eqx.nn.Linear
    fc2: eqx.nn.Linear

    def __init__(self, dim, *, key):
        k1, k2 = jax.random.split(key)
        self.norm = eqx.nn.LayerNorm(dim)
        self.fc1 = eqx.nn.Linear(dim, 4 * dim, key=k1)
        self.fc2 = eqx.nn.Linear(4 * dim, dim, key=k2)

    def __call__(self, x):
        x = x.astype(self.fc1.weight.dtype)  # compute in the parameter dtype
        return x + self.fc2(jax.nn.gelu(self.fc1(self.norm(x))))


class DeepMLP(eqx.Module):
    layers: ResidualBlock  # stacked along a leading axis

    def __init__(self, dim, depth, *, key):
        make_layer = lambda k: ResidualBlock(dim, key=k)
        self.layers = eqx.filter_vmap(make_layer)(jax.random.split(key, depth))

    def __call__(self, x):
        dynamic, static = eqx.partition(self.layers, eqx.is_array)

        def body(h, layer_params):
            layer = eqx.combine(layer_params, static)
            return layer(h), None

        h, _ = jax.lax.scan(body, x, dynamic)
        return h


def cast_to_half(model, dtype=jnp.bfloat16):
    return jax.tree.map(lambda x: x.astype(dtype) if eqx.is_inexact_array(x) else x, model)
