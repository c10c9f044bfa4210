import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

EXPERT_AXIS = "expert"


def dispatch(tokens):
    # tokens: [local_tokens, n_experts * cap, d] -> every device gets its expert's slots
    return lax.all_to_all(tokens, EXPERT_AXIS, split_axis=1, concat_axis=1, tiled=True)


def combine(tokens):
    return lax.all_to_all(tokens, EXPERT_AXIS, split_axis=1, concat_axis=1, tiled=True)


class MoE(eqx.Module):
    w_in: jax.Array
    w_out: jax.Array

    def __init__(self, d, hidden, *, key):
        k1, k2 = jax.random.split(key)
        self.w_in = jax.random.normal(k1, (d, hidden)) * 0.02
        self.w_out = jax.random.normal(k2, (hidden, d)) * 0.02

    def __call__(self, tokens):
        routed = dispatch(tokens)
        h = jax.nn.gelu(routed @ self.w_in)
        return combine(h @ self.w_out)
