import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

STAGES = "stages"


class Stage(eqx.Module):
    norm: eqx.nn.LayerNorm
    proj: eqx.nn.Linear

    def __init__(self, dim, *, key):
        self.norm = eqx.nn.LayerNorm(dim)
        self.proj = eqx.nn.Linear(dim, dim, key=key)

    def __call__(self, x):
        return x + jax.vmap(lambda v: self.proj(self.norm(v)))(x)


def send_to_next(x, num_stages):
    perm = [(i, i + 1) for i in range(num_stages - 1)]
    tok = lax.psend(x, STAGES, perm)
    return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), STAGES, perm)
