import equinox as eqx
import jax
import jax.numpy as jnp


class FeedForward(eqx.Module):
    """Pre-norm transformer MLP block; `up` is column-parallel, `down` row-parallel."""
    norm: eqx.nn.LayerNorm
    up: eqx.nn.Linear
    down: eqx.nn.Linear

    def __init__(self, dim, hidden, *, key):
        k1, k2 = jax.random.split(key)
        self.norm = eqx.nn.LayerNorm(dim)
        self.up = eqx.nn.Linear(dim, hidden, key=k1)
        self.down = eqx.nn.Linear(hidden, dim, use_bias=False, key=k2)

    def local_call(self, x):
        """Forward on a tensor-parallel shard; the caller psums the result over 'model'."""
        h = jax.nn.gelu(self.up(self.norm(x)))
        return self.down(h)
