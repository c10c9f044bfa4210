import math

import equinox as eqx
import jax
import jax.numpy as jnp

import config


class MoELayer(eqx.Module):
  router: eqx.nn.Linear
  w_in: jax.Array
  w_out: jax.Array
  num_experts: int = eqx.field(static=True)
  capacity: int = eqx.field(static=True)
  axis_name: str = eqx.field(static=True)

  def __init__(self, d_model, d_hidden, num_experts, tokens_per_shard, *, axis_name, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.router = eqx.nn.Linear(d_model, num_experts, use_bias=False, key=k1)
    self.w_in = jax.random.normal(k2, (num_experts, d_model, d_hidden)) / math.sqrt(d_model)
    self.w_out = jax.random.normal(k3, (num_experts, d_hidden, d_model)) / math.sqrt(d_hidden)
    self.num_experts = num_experts
    self.capacity = int(tokens_per_shard * config.CAPACITY_FACTOR / num_experts)
    self.axis_name = axis_name

  def route(self, x):
    probs = jax.nn.softmax(jax.vmap(self.router)(x), axis=-1)      # [t, e]
    expert = jnp.argmax(probs, axis=-1)
    gate = jnp.max(probs, axis=-1)
    onehot = jax.nn.one_hot(expert, self.num_experts)               # [t, e]
    pos = (jnp.cumsum(onehot, axis=0) - 1) * onehot
    keep = onehot * (pos < self.capacity)
    dispatch = jax.nn.one_hot(pos.astype(jnp.int32), self.capacity) * keep[..., None]
    return dispatch, dispatch * gate[:, None, None]                 # [t, e, c]

  def __call__(self, x):
    """x: this shard's tokens [t, d]; w_in/w_out: this shard's experts."""
    dispatch, combine = self.route(x)
    expert_in = jnp.einsum("tec,td->ecd", dispatch, x)              # [E, c, d]
    # send each expert's slots to the shard that owns the expert
    expert_in = jax.lax.all_to_all(expert_in, self.axis_name,
                                   split_axis=0, concat_axis=1, tiled=True)
    h = jax.nn.gelu(jnp.einsum("ecd,edh->ech", expert_in, self.w_in))
    expert_out = jnp.einsum("ech,ehd->ecd", h, self.w_out)
    expert_out = jax.lax.all_to_all(expert_out, self.axis_name,
                                    split_axis=1, concat_axis=0, tiled=True)
    return x + jnp.einsum("tec,ecd->td", combine, expert_out)
