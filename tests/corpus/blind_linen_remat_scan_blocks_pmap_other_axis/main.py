"""A Linen transformer-style stack: nn.remat(Block) scanned with nn.scan over layers; each block's
row-parallel output is psum'ed over `tp`. Initialised and applied under pmap(axis_name="devices")."""
import flax.linen as nn
import jax
import jax.numpy as jnp


class Block(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, _):
        h = nn.gelu(nn.Dense(self.hidden, use_bias=False)(x))
        return x + jax.lax.psum(nn.Dense(x.shape[-1], use_bias=False)(h), "tp"), None


class Stack(nn.Module):
    layers: int = 4

    @nn.compact
    def __call__(self, x):
        Scanned = nn.scan(nn.remat(Block), variable_axes={"params": 0}, split_rngs={"params": True},
                          length=self.layers)
        x, _ = Scanned(hidden=64, name="blocks")(x, None)
        return x


model = Stack()
x = jnp.ones((4, 32))
keys = jax.random.split(jax.random.key(0), 4)
xs = jnp.ones((4, 4, 32))
variables = jax.eval_shape(jax.pmap(model.init, axis_name="devices"), keys, xs)
f = jax.jit(jax.pmap(model.apply, axis_name="devices"))
f.trace(variables, xs).lower(lowering_platforms=("cuda",))
