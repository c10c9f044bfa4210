import jax
import jax.numpy as jnp


def dispatch(tokens, axis_name):
    """[experts, capacity, d] per device -> tokens for the local expert from every device."""
    return jax.lax.all_to_all(tokens, axis_name, split_axis=0, concat_axis=0, tiled=True)


def combine(tokens, axis_name):
    return jax.lax.all_to_all(tokens, axis_name, split_axis=0, concat_axis=0, tiled=True)


def route(x, router_logits, num_experts, capacity):
    expert = jnp.argmax(router_logits, axis=-1)
    onehot = jax.nn.one_hot(expert, num_experts)
    pos = jnp.cumsum(onehot, axis=0) * onehot - 1
    mask = jax.nn.one_hot(pos.max(-1).astype(jnp.int32), capacity) * onehot.sum(-1, keepdims=True)
    slots = jnp.einsum("te,tc->tec", onehot, mask)
    return jnp.einsum("tec,td->ecd", slots, x), slots
