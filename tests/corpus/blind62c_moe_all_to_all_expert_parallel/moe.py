import jax
import jax.numpy as jnp
from jax import lax


def top1_dispatch(x, router_w, capacity):
  """Switch-style top-1 routing. Returns dispatch/combine tensors of shape [T, E, C]."""
  logits = x @ router_w
  probs = jax.nn.softmax(logits, axis=-1)
  expert = jnp.argmax(probs, axis=-1)
  onehot = jax.nn.one_hot(expert, router_w.shape[1], dtype=x.dtype)
  pos = (jnp.cumsum(onehot, axis=0) - 1.0) * onehot
  keep = onehot * (pos < capacity)
  dispatch = keep[..., None] * jax.nn.one_hot(pos.astype(jnp.int32), capacity, dtype=x.dtype)
  combine = dispatch * jnp.max(probs, axis=-1)[:, None, None]
  return dispatch, combine


def moe_mlp(x, router_w, w_in, w_out, *, axis, capacity_factor=1.25):
  """Expert-parallel MoE MLP body for shard_map. x: [T, d] local tokens,
  w_in: [E/n, d, h] and w_out: [E/n, h, d] local experts."""
  n_experts = router_w.shape[1]
  capacity = int(x.shape[0] * capacity_factor / n_experts)
  dispatch, combine = top1_dispatch(x, router_w, capacity)
  expert_in = jnp.einsum("tec,td->ecd", dispatch, x)                     # [E, C, d]
  # send each expert's slots to the device that owns it
  expert_in = lax.all_to_all(expert_in, axis, split_axis=0, concat_axis=1, tiled=True)  # [E/n, n*C, d]
  h = jax.nn.gelu(jnp.einsum("ecd,edh->ech", expert_in, w_in))
  out = jnp.einsum("ech,ehd->ecd", h, w_out)
  out = lax.all_to_all(out, axis, split_axis=1, concat_axis=0, tiled=True)  # back to [E, C, d]
  return jnp.einsum("tec,ecd->td", combine, out)
