import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class SwitchFFN(eqx.Module):
  router: eqx.nn.Linear
  w_in: jax.Array
  w_out: jax.Array
  capacity: int = eqx.field(static=True)

  EXPERT_AXIS = 'experts'

  def __init__(self, d, d_ff, n_experts, capacity, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.router = eqx.nn.Linear(d, n_experts, use_bias=False, key=k1)
    # local expert weights (one expert per device)
    self.w_in = jax.random.normal(k2, (1, d, d_ff)) * d ** -0.5
    self.w_out = jax.random.normal(k3, (1, d_ff, d)) * d_ff ** -0.5
    self.capacity = capacity

  def __call__(self, x):
    e = jax.vmap(self.router)(x).shape[-1]
    probs = jax.nn.softmax(jax.vmap(self.router)(x), -1)
    choice = jnp.argmax(probs, -1)
    mask = jax.nn.one_hot(choice, e)
    slot = jnp.sum((jnp.cumsum(mask, 0) - 1) * mask, -1).astype(jnp.int32)
    keep = slot < self.capacity
    dispatch = mask[:, :, None] * jax.nn.one_hot(slot, self.capacity)[:, None, :] * keep[:, None, None]
    send = jnp.einsum('tec,td->ecd', dispatch, x)
    recv = lax.all_to_all(send, self.EXPERT_AXIS, 0, 0, tiled=True)
    h = jax.nn.relu(jnp.einsum('ecd,edf->ecf', recv, jnp.broadcast_to(self.w_in, (e,) + self.w_in.shape[1:])))
    y = jnp.einsum('ecf,efd->ecd', h, jnp.broadcast_to(self.w_out, (e,) + self.w_out.shape[1:]))
    back = lax.all_to_all(y, self.EXPERT_AXIS, 0, 0, tiled=True)
    gate = jnp.max(probs, -1, keepdims=True)
    return gate * jnp.einsum('tec,ecd->td', dispatch, back)
