import jax
import jax.numpy as jnp
from jax import lax

AXIS = 'expert'


def route(x, router_w, n_experts, capacity):
  logits = x @ router_w
  expert = jnp.argmax(logits, -1)
  onehot = jax.nn.one_hot(expert, n_experts)
  pos = jnp.cumsum(onehot, axis=0) * onehot - 1
  keep = (pos < capacity) & (onehot > 0)
  dispatch = jax.nn.one_hot(jnp.where(keep, pos, -1).max(-1).astype(jnp.int32), capacity)
  dispatch = onehot[:, :, None] * dispatch[:, None, :]
  aux = jnp.mean(jax.nn.softmax(logits), 0) @ jnp.mean(onehot, 0)
  return dispatch, aux


@jax.checkpoint
def expert_ffn(h, w_in, w_out):
  return jnp.einsum('ecf,efd->ecd', jax.nn.gelu(jnp.einsum('ecd,edf->ecf', h, w_in)), w_out)


def moe_layer(x, router_w, w_in, w_out, *, n_experts, capacity):
  dispatch, aux = route(x, router_w, n_experts, capacity)
  h = jnp.einsum('tec,td->ecd', dispatch, x)
  h = lax.all_to_all(h, AXIS, split_axis=0, concat_axis=0, tiled=True)
  h = h.reshape(w_in.shape[0], -1, x.shape[-1])
  h = expert_ffn(h, w_in, w_out)
  h = h.reshape(n_experts, capacity, x.shape[-1])
  h = lax.all_to_all(h, AXIS, split_axis=0, concat_axis=0, tiled=True)
  y = jnp.einsum('tec,ecd->td', dispatch, h)
  return y, lax.pmean(aux, AXIS)
