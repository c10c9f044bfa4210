import jax
import jax.numpy as jnp
from jax import lax

EXPERT_AXIS = "expert"


def route(x, router_w, num_experts, capacity):
  logits = x @ router_w                      # [T, E]
  expert = jnp.argmax(logits, -1)            # [T]
  onehot = jax.nn.one_hot(expert, num_experts, dtype=x.dtype)
  pos = jnp.cumsum(onehot, axis=0) * onehot - 1
  keep = (pos < capacity) & (onehot > 0)
  slot = jax.nn.one_hot(jnp.where(keep, pos, -1).astype(jnp.int32), capacity, dtype=x.dtype)
  dispatch = slot * keep[..., None]         # [T, E, C]
  buffers = jnp.einsum("tec,td->ecd", dispatch, x)
  return buffers, dispatch


def expert_parallel_ffn(x, router_w, w_in, w_out, *, num_experts, capacity):
  buffers, dispatch = route(x, router_w, num_experts, capacity)
  buffers = lax.all_to_all(buffers, EXPERT_AXIS, split_axis=0, concat_axis=0, tiled=True)
  # buffers: [senders * local experts, C, D]
  local_e = w_in.shape[0]
  buffers = buffers.reshape(-1, local_e, *buffers.shape[1:])
  h = jax.nn.silu(jnp.einsum("nlcd,ldf->nlcf", buffers, w_in))
  out = jnp.einsum("nlcf,lfd->nlcd", h, w_out)
  out = out.reshape(num_experts, *out.shape[2:])
  out = lax.all_to_all(out, EXPERT_AXIS, split_axis=0, concat_axis=0, tiled=True)
  return jnp.einsum("tec,ecd->td", dispatch, out)
