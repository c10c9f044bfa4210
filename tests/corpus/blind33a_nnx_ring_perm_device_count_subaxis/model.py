import jax.numpy as jnp
from flax import nnx

from parallel.ops import shift_stage


class Stage(nnx.Module):
    def __init__(self, d, rngs):
        self.proj = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, h):
        h = jnp.tanh(self.proj(h))
        return shift_stage(h)
