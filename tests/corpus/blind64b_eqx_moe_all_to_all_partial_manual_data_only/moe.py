import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

EXPERT_AXIS = "expert"


class SwitchFFN(eqx.Module):
  router: eqx.nn.Linear
  w_in: jax.Array    # [num_experts, d_model, d_ff], replicated
  w_out: jax.Array   # [num_experts, d_ff, d_model], replicated
  capacity: int = eqx.field(static=True)

  def __init__(self, d_model, d_ff, num_experts, capacity, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.router = eqx.nn.Linear(d_model, num_experts, use_bias=False, key=k1)
    self.w_in = jax.random.normal(k2, (num_experts, d_model, d_ff)) * d_model ** -0.5
    self.w_out = jax.random.normal(k3, (num_experts, d_ff, d_model)) * d_ff ** -0.5
    self.capacity = capacity

  @eqx.filter_checkpoint
  def _local_experts(self, tokens):
    # tokens: [experts_per_device, slots, d_model]; pick this device's experts.
    n_local = tokens.shape[0]
    start = lax.axis_index(EXPERT_AXIS) * n_local
    w_in = lax.dynamic_slice_in_dim(self.w_in, start, n_local, axis=0)
    w_out = lax.dynamic_slice_in_dim(self.w_out, start, n_local, axis=0)
    h = jax.nn.gelu(jnp.einsum("esd,edf->esf", tokens, w_in))
    return jnp.einsum("esf,efd->esd", h, w_out)

  def __call__(self, x):
    # x: [tokens, d_model] local to this device.
    num_experts = self.w_in.shape[0]
    probs = jax.nn.softmax(jax.vmap(self.router)(x), axis=-1)
    expert = jnp.argmax(probs, axis=-1)
    gate = jnp.max(probs, axis=-1)
    onehot = jax.nn.one_hot(expert, num_experts)
    position = (jnp.cumsum(onehot, axis=0) - 1.0) * onehot
    dispatch = jax.nn.one_hot(position, self.capacity) * onehot[..., None]  # [T, E, C]
    routed = jnp.einsum("tec,td->ecd", dispatch, x)
    routed = lax.all_to_all(routed, EXPERT_AXIS, split_axis=0, concat_axis=1, tiled=True)
    out = self._local_experts(routed)
    out = lax.all_to_all(out, EXPERT_AXIS, split_axis=1, concat_axis=0, tiled=True)
    return jnp.einsum("tec,ecd->td", dispatch * gate[:, None, None], out)


class Block(eqx.Module):
  norm: eqx.nn.LayerNorm
  moe: SwitchFFN

  def __init__(self, d_model, *, key):
    self.norm = eqx.nn.LayerNorm(d_model)
    self.moe = SwitchFFN(d_model, 4 * d_model, num_experts=8, capacity=16, key=key)

  def __call__(self, x):
    return x + self.moe(jax.vmap(self.norm)(x))
