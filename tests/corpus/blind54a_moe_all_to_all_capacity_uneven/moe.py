import jax
import jax.numpy as jnp
from jax import lax

EXPERT_AXIS = "expert"


def dispatch_combine(tokens, router_w, expert_w, num_experts, capacity):
    """tokens: (T, D) local; expert_w: (1, D, D) local expert weights."""
    logits = tokens @ router_w                        # (T, E)
    expert_idx = jnp.argmax(logits, axis=-1)
    onehot = jax.nn.one_hot(expert_idx, num_experts)  # (T, E)
    pos = jnp.cumsum(onehot, axis=0) * onehot - 1
    keep = (pos < capacity) & (pos >= 0)
    slot = jax.nn.one_hot(jnp.where(keep, pos, -1).astype(jnp.int32), capacity)  # (T, E, C)
    dispatch = jnp.einsum("td,tec->ecd", tokens, slot)   # (E, C, D)
    # send each expert's bucket to the device that owns that expert
    recv = lax.all_to_all(dispatch, EXPERT_AXIS, split_axis=0, concat_axis=0, tiled=True)
    out = jnp.einsum("ecd,df->ecf", recv, expert_w[0])
    back = lax.all_to_all(out, EXPERT_AXIS, split_axis=0, concat_axis=0, tiled=True)
    return jnp.einsum("ecf,tec->tf", back, slot)
