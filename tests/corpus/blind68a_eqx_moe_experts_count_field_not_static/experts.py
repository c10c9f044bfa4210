import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx


class Experts(eqx.Module):
    w_in: jax.Array    # (num_experts, dim, hidden)
    w_out: jax.Array   # (num_experts, hidden, dim)
    num_experts: int

    def __init__(self, num_experts, dim, hidden, *, key):
        k1, k2 = jr.split(key)
        self.w_in = jr.normal(k1, (num_experts, dim, hidden)) / jnp.sqrt(dim)
        self.w_out = jr.normal(k2, (num_experts, hidden, dim)) / jnp.sqrt(hidden)
        self.num_experts = num_experts

    def __call__(self, x):
        # x: (local_experts, tokens, dim)
        h = jax.nn.silu(jnp.einsum("ecd,edh->ech", x, self.w_in))
        return jnp.einsum("ech,ehd->ecd", h, self.w_out)
