import jax
import jax.numpy as jnp
from jax import lax


def init_moe(key, cfg):
  k1, k2, k3 = jax.random.split(key, 3)
  s = cfg.d_model ** -0.5
  return {
      "router": jax.random.normal(k1, (cfg.d_model, cfg.num_experts)) * s,
      "w_in": jax.random.normal(k2, (cfg.num_experts, cfg.d_model, cfg.d_ff)) * s,
      "w_out": jax.random.normal(k3, (cfg.num_experts, cfg.d_ff, cfg.d_model)) * cfg.d_ff ** -0.5,
  }


def top1_dispatch(logits, capacity):
  """Returns dispatch mask [T, E, C] and combine weights [T, E, C]."""
  probs = jax.nn.softmax(logits, axis=-1)
  expert = jnp.argmax(probs, axis=-1)
  onehot = jax.nn.one_hot(expert, logits.shape[-1], dtype=jnp.int32)        # [T, E]
  position = jnp.cumsum(onehot, axis=0) * onehot - 1                           # [T, E]
  keep = (position >= 0) & (position < capacity)
  dispatch = jax.nn.one_hot(jnp.where(keep, position, -1), capacity)          # [T, E, C]
  gate = jnp.max(probs, axis=-1)
  return dispatch, dispatch * gate[:, None, None]


def moe_layer(params, x, cfg):
  """Runs inside shard_map: x is this device's [T, d] tokens, experts are split over
  cfg.expert_axis (params['w_in'] is [E_local, d, f])."""
  tokens = x.shape[0]
  capacity = int(cfg.capacity_factor * tokens / cfg.num_experts)

  dispatch, combine = top1_dispatch(x @ params["router"], capacity)
  expert_in = jnp.einsum("tec,td->ecd", dispatch, x)                         # [E, C, d]
  # send each expert's slots to the device that owns the expert
  expert_in = lax.all_to_all(expert_in, cfg.expert_axis, split_axis=0, concat_axis=1,
                             tiled=True)                                     # [E_local, n*C, d]
  h = jax.nn.gelu(jnp.einsum("ecd,edf->ecf", expert_in, params["w_in"]))
  expert_out = jnp.einsum("ecf,efd->ecd", h, params["w_out"])
  expert_out = lax.all_to_all(expert_out, cfg.expert_axis, split_axis=1, concat_axis=0,
                              tiled=True)                                    # [E, C, d]
  return jnp.einsum("tec,ecd->td", combine, expert_out)
