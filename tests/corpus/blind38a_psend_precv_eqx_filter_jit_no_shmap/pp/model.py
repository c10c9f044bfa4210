import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from .comm import handoff


class Stage(eqx.Module):
    mlp: eqx.nn.MLP
    ln: eqx.nn.LayerNorm

    def __init__(self, dim, *, key):
        self.mlp = eqx.nn.MLP(dim, dim, 2 * dim, 1, key=key)
        self.ln = eqx.nn.LayerNorm(dim)

    def __call__(self, x):
        return x + self.mlp(self.ln(x))


def make_stages(n, dim, key):
    return eqx.filter_vmap(lambda k: Stage(dim, key=k))(jr.split(key, n))


def run_stage(stacked_params, static, x, n_stages):
    local = jax.tree.map(lambda a: a[0], stacked_params)
    stage = eqx.combine(local, static)
    h = jax.vmap(stage)(x)
    return handoff(h, n_stages)
