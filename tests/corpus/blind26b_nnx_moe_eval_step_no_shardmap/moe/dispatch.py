import jax
import jax.numpy as jnp


def dispatch(x, dispatch_mask, axis_name):
  buf = jnp.einsum('tec,td->ecd', dispatch_mask, x)
  # [E, C, D] -> every device keeps its local expert's tokens from all sources
  return jax.lax.all_to_all(buf, axis_name, split_axis=0, concat_axis=1, tiled=True)


def combine(out, weights, axis_name):
  out = jax.lax.all_to_all(out, axis_name, split_axis=1, concat_axis=0, tiled=True)
  return jnp.einsum('tec,ecd->td', weights, out)
