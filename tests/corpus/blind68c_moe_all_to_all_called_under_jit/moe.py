import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

EXPERT_AXIS = "expert"
CAPACITY_FACTOR = 1.25


def init_moe(key, num_experts, d_model, d_ff):
  k1, k2, k3 = jax.random.split(key, 3)
  return {
      "router": jax.random.normal(k1, (d_model, num_experts)) * 0.02,
      "wi": jax.random.normal(k2, (num_experts, d_model, d_ff)) * 0.02,
      "wo": jax.random.normal(k3, (num_experts, d_ff, d_model)) * 0.02,
  }


def moe_layer(params, x):
  """Per-shard MoE: x is this shard's [batch, seq, d_model]; wi/wo hold the local experts."""
  b, s, d = x.shape
  tokens = x.reshape(b * s, d)
  num_experts = params["router"].shape[-1]
  capacity = int(CAPACITY_FACTOR * tokens.shape[0] / num_experts)

  probs = jax.nn.softmax(tokens @ params["router"], axis=-1)
  expert_idx = jnp.argmax(probs, axis=-1)
  gate = jnp.max(probs, axis=-1)
  onehot = jax.nn.one_hot(expert_idx, num_experts, dtype=x.dtype)
  position = jnp.cumsum(onehot, axis=0) * onehot - 1.0
  keep = (position < capacity) & (position >= 0)
  dispatch = jax.nn.one_hot(position, capacity, dtype=x.dtype) * keep[..., None]
  combine = dispatch * gate[:, None, None]

  expert_in = jnp.einsum("tec,td->ecd", dispatch, tokens)
  # send each expert's slots to the device that owns it
  expert_in = lax.all_to_all(expert_in, EXPERT_AXIS, split_axis=0, concat_axis=1, tiled=True)
  h = jax.nn.gelu(jnp.einsum("ecd,edf->ecf", expert_in, params["wi"]))
  expert_out = jnp.einsum("ecf,efd->ecd", h, params["wo"])
  expert_out = lax.all_to_all(expert_out, EXPERT_AXIS, split_axis=1, concat_axis=0, tiled=True)

  out = jnp.einsum("tec,ecd->td", combine, expert_out)
  return out.reshape(b, s, d)


MOE_SPECS = {"router": P(), "wi": P(EXPERT_AXIS), "wo": P(EXPERT_AXIS)}


def sharded_moe(mesh):
  return shard_map(moe_layer, mesh=mesh,
                   in_specs=(MOE_SPECS, P(EXPERT_AXIS)),
                   out_specs=P(EXPERT_AXIS))
