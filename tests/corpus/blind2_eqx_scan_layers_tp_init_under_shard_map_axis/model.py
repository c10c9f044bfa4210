"""Equinox transformer-style stack: layers are created with filter_vmap and run with
lax.scan over eqx.partition/combine, as Equinox's "scan over layers" idiom does."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class TPBlock(eqx.Module):
    w_in: jax.Array
    w_out: jax.Array
    axis_name: str = eqx.field(static=True)

    def __init__(self, dim, hidden, axis_name, *, key):
        k1, k2 = jr.split(key)
        self.w_in = jr.normal(k1, (dim, hidden)) / jnp.sqrt(dim)
        self.w_out = jr.normal(k2, (hidden, dim)) / jnp.sqrt(hidden)
        self.axis_name = axis_name

    def __call__(self, x):
        return x + jax.lax.psum(jax.nn.gelu(x @ self.w_in) @ self.w_out, self.axis_name)


class Stack(eqx.Module):
    blocks: TPBlock

    def __init__(self, depth, dim, hidden, axis_name, *, key):
        make = lambda k: TPBlock(dim, hidden, axis_name, key=k)
        self.blocks = eqx.filter_vmap(make)(jr.split(key, depth))

    def __call__(self, x):
        params, static = eqx.partition(self.blocks, eqx.is_array)

        def body(x, layer_params):
            return eqx.combine(layer_params, static)(x), None

        x, _ = jax.lax.scan(body, x, params)
        return x
