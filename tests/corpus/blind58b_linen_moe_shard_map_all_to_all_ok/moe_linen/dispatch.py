"""Per-shard dispatch/compute/combine, run under jax.shard_map over the 'expert' axis."""
import jax
import jax.numpy as jnp
from jax import lax

EXPERT_AXIS = "expert"


def top1_dispatch(logits, num_experts, capacity):
  probs = jax.nn.softmax(logits.astype(jnp.float32), axis=-1)
  idx = jnp.argmax(probs, axis=-1)
  gate = jnp.max(probs, axis=-1)
  onehot = jax.nn.one_hot(idx, num_experts, dtype=jnp.int32)
  slot = jnp.cumsum(onehot, axis=0) * onehot - 1
  dispatch = jax.nn.one_hot(slot, capacity, dtype=jnp.float32)  # (tokens, experts, capacity)
  return dispatch, dispatch * gate[:, None, None]


def expert_parallel_ffn(x, logits, w_in, w_out, *, num_experts, capacity):
  """x: (tokens_local, d); w_in/w_out hold this shard's experts."""
  dispatch, combine = top1_dispatch(logits, num_experts, capacity)
  buf = jnp.einsum("tec,td->ecd", dispatch, x)                     # (E, C, d)
  buf = lax.all_to_all(buf, EXPERT_AXIS, split_axis=0, concat_axis=1, tiled=True)  # (E/n, n*C, d)
  h = jax.nn.gelu(jnp.einsum("ecd,edf->ecf", buf, w_in))
  y = jnp.einsum("ecf,efd->ecd", h, w_out)
  y = lax.all_to_all(y, EXPERT_AXIS, split_axis=1, concat_axis=0, tiled=True)      # (E, C, d)
  return jnp.einsum("tec,ecd->td", combine, y)
