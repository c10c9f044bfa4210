"""Token dispatch / combine and the expert-parallel exchange."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def top1_dispatch(router_logits, capacity):
  """Returns dispatch [T, E, C] and combine [T, E, C] tensors (Switch-Transformer style)."""
  num_experts = router_logits.shape[-1]
  probs = jax.nn.softmax(router_logits, axis=-1)
  expert = jnp.argmax(probs, axis=-1)
  onehot = jax.nn.one_hot(expert, num_experts)
  position = (jnp.cumsum(onehot, axis=0) - 1) * onehot
  in_capacity = (position < capacity) * onehot
  slot = jax.nn.one_hot(position.sum(-1).astype(jnp.int32), capacity)
  dispatch = in_capacity[:, :, None] * slot[:, None, :]
  combine = dispatch * probs[:, :, None]
  return dispatch, combine


def _expert_ffn(buf, w_in, w_out, *, axis_name):
  # buf: [E, C_local, d] (tokens of this shard for every expert)
  buf = jax.lax.all_to_all(buf, axis_name, split_axis=0, concat_axis=1, tiled=True)
  # buf: [E_local, C, d] (all tokens for the experts this shard owns)
  h = jax.nn.gelu(jnp.einsum('ecd,edf->ecf', buf, w_in))
  out = jnp.einsum('ecf,efd->ecd', h, w_out)
  return jax.lax.all_to_all(out, axis_name, split_axis=1, concat_axis=0, tiled=True)


def expert_parallel(buf, w_in, w_out, axis_name):
  """Runs the experts where their weights live; the mesh comes from `jax.set_mesh`."""
  fn = jax.shard_map(
      partial(_expert_ffn, axis_name=axis_name),
      in_specs=(P(None, axis_name), P(axis_name), P(axis_name)),
      out_specs=P(None, axis_name))
  return fn(buf, w_in, w_out)
