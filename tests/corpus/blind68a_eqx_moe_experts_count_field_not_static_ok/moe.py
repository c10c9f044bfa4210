import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
from jax import lax

from experts import Experts


class SwitchMoE(eqx.Module):
    router: eqx.nn.Linear
    experts: Experts
    capacity_factor: float = eqx.field(static=True)
    axis_name: str = eqx.field(static=True)

    def __init__(self, dim, hidden, num_experts, *, axis_name="ep", capacity_factor=2.0, key):
        rkey, ekey = jr.split(key)
        self.router = eqx.nn.Linear(dim, num_experts, use_bias=False, key=rkey)
        self.experts = Experts(num_experts, dim, hidden, key=ekey)
        self.capacity_factor = capacity_factor
        self.axis_name = axis_name

    def __call__(self, x):
        # x: (tokens, dim), the tokens that live on this device
        n_tokens = x.shape[0]
        n_experts = self.router.out_features
        capacity = int(self.capacity_factor * n_tokens / n_experts)

        probs = jax.nn.softmax(jax.vmap(self.router)(x), axis=-1)
        expert_idx = jnp.argmax(probs, axis=-1)
        gate = jnp.max(probs, axis=-1)

        mask = jax.nn.one_hot(expert_idx, n_experts)
        position = (jnp.cumsum(mask, axis=0) - 1.0) * mask
        keep = (position < capacity) * mask
        dispatch = keep[..., None] * jax.nn.one_hot(position.astype(jnp.int32), capacity)

        expert_in = jnp.einsum("nec,nd->ecd", dispatch, x)
        expert_in = lax.all_to_all(expert_in, self.axis_name, 0, 1, tiled=True)
        expert_out = self.experts(expert_in)
        expert_out = lax.all_to_all(expert_out, self.axis_name, 1, 0, tiled=True)
        return jnp.einsum("nec,ecd->nd", dispatch * gate[:, None, None], expert_out)
