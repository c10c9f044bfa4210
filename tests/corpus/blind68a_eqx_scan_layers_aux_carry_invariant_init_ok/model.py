import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
from jax import lax

from layers import ResidualBlock


class DeepResNet(eqx.Module):
    embed: eqx.nn.Linear
    blocks: ResidualBlock          # stacked: every array leaf has a leading layer dim
    readout: eqx.nn.Linear

    def __init__(self, in_size, dim, out_size, num_layers, *, key):
        ekey, bkey, rkey = jr.split(key, 3)
        self.embed = eqx.nn.Linear(in_size, dim, key=ekey)

        @eqx.filter_vmap
        def make_block(k):
            return ResidualBlock(dim, key=k)

        self.blocks = make_block(jr.split(bkey, num_layers))
        self.readout = eqx.nn.Linear(dim, out_size, key=rkey)

    def __call__(self, xs):
        # xs: (batch, in_size); returns logits and the summed activation penalty
        h = jax.vmap(self.embed)(xs)
        dynamic, static = eqx.partition(self.blocks, eqx.is_array)

        def body(h, layer_params):
            block = eqx.combine(layer_params, static)
            h = jax.vmap(block)(h)
            return h, jnp.mean(h**2)

        # per-layer penalties come out as scan outputs instead of riding in the carry
        h, penalties = lax.scan(body, h, dynamic)
        return jax.vmap(self.readout)(h), jnp.sum(penalties)
