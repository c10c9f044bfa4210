import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

STAGE_AXIS = "stage"


class Stage(eqx.Module):
    weight: jax.Array
    bias: jax.Array
    num_stages: int = eqx.field(static=True)

    def __init__(self, dim, num_stages, key):
        self.weight = jax.random.normal(key, (dim, dim)) * dim**-0.5
        self.bias = jnp.zeros((dim,))
        self.num_stages = num_stages

    def __call__(self, x):
        h = jax.nn.relu(x @ self.weight + self.bias)
        fwd = [(i, i + 1) for i in range(self.num_stages - 1)]
        tok = lax.psend(h, STAGE_AXIS, fwd)
        return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), STAGE_AXIS, fwd)
