import jax
import jax.numpy as jnp

EXPERT_AXIS = "expert"


def route(x, w_gate, n_experts, capacity):
    """Top-1 routing: returns dispatch [T, E, C] and combine weights [T, E, C]."""
    probs = jax.nn.softmax(x @ w_gate, axis=-1)
    expert = jnp.argmax(probs, axis=-1)
    onehot = jax.nn.one_hot(expert, n_experts, dtype=x.dtype)
    pos = jnp.cumsum(onehot, axis=0) * onehot - 1
    keep = (pos < capacity) & (pos >= 0)
    dispatch = jax.nn.one_hot(pos, capacity, dtype=x.dtype) * keep[..., None]
    combine = dispatch * jnp.max(probs, axis=-1)[:, None, None]
    return dispatch, combine


def moe_layer(x, w_gate, w1, w2, capacity):
    """x: [T, D] local tokens; w1: [E_local, D, H]; w2: [E_local, H, D]."""
    n_experts = w_gate.shape[-1]
    dispatch, combine = route(x, w_gate, n_experts, capacity)
    expert_in = jnp.einsum("tec,td->ecd", dispatch, x)                # [E, C, D]
    expert_in = jax.lax.all_to_all(expert_in, EXPERT_AXIS, 0, 1, tiled=True)  # [E_local, n*C, D]
    h = jax.nn.relu(jnp.einsum("ecd,edh->ech", expert_in, w1))
    expert_out = jnp.einsum("ech,ehd->ecd", h, w2)
    expert_out = jax.lax.all_to_all(expert_out, EXPERT_AXIS, 1, 0, tiled=True)  # [E, C, D]
    return jnp.einsum("tec,ecd->td", combine, expert_out)
