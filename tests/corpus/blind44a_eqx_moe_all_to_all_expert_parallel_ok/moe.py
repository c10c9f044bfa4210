import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

AXIS = 'expert'


def make_experts(num_experts, d, h, key):
  @eqx.filter_vmap
  def make(k):
    return eqx.nn.MLP(d, d, h, depth=1, activation=jax.nn.gelu, key=k)
  return make(jr.split(key, num_experts))


class MoE(eqx.Module):
  gate: jax.Array
  experts: eqx.nn.MLP          # stacked: leading axis = expert
  capacity: int = eqx.field(static=True)

  def __init__(self, num_experts, d, h, capacity, key):
    kg, ke = jr.split(key)
    self.gate = jr.normal(kg, (d, num_experts)) * 0.02
    self.experts = make_experts(num_experts, d, h, ke)
    self.capacity = capacity

  def __call__(self, x):
    """x: [tokens, d] local shard; experts: this device's slice (leading dim 1)."""
    num_experts = self.gate.shape[1]
    probs = jax.nn.softmax(x @ self.gate, axis=-1)
    choice = jnp.argmax(probs, axis=-1)
    dispatch = jax.nn.one_hot(choice, num_experts)                       # [T, E]
    position = (jnp.cumsum(dispatch, axis=0) - 1) * dispatch
    combine = dispatch[..., None] * jax.nn.one_hot(position, self.capacity)  # [T, E, C]
    expert_in = jnp.einsum('tec,td->ecd', combine, x)                  # [E, C, d]

    expert_in = jax.lax.all_to_all(expert_in, AXIS, split_axis=0, concat_axis=0, tiled=True)
    local_expert = jax.tree.map(lambda a: a[0] if eqx.is_array(a) else a, self.experts)
    expert_out = jax.vmap(jax.vmap(local_expert))(expert_in)
    expert_out = jax.lax.all_to_all(expert_out, AXIS, split_axis=0, concat_axis=0, tiled=True)

    gate_w = jnp.max(probs, axis=-1, keepdims=True)
    return gate_w * jnp.einsum('tec,ecd->td', combine, expert_out)
