"""Expert-parallel MoE layer (top-1, fixed capacity) with all_to_all dispatch/combine."""
import jax
import jax.numpy as jnp
from jax import lax

EP = "ep"


def moe_layer(x, mask, router, w_in, w_out, capacity):
  # x: [tokens, d] (local), mask: [tokens], w_in: [experts_local, d, f], router: [d, experts]
  n_exp = router.shape[1]
  gates = jax.nn.softmax(x @ router, axis=-1)
  expert = jnp.argmax(gates, axis=-1)
  onehot = jax.nn.one_hot(expert, n_exp) * mask[:, None]
  pos = (jnp.cumsum(onehot, axis=0) - 1) * onehot
  keep = onehot * (pos < capacity)
  dispatch = keep[:, :, None] * jax.nn.one_hot(pos, capacity)      # [t, E, C]
  expert_in = jnp.einsum("tec,td->ecd", dispatch, x)                # [E, C, d]
  expert_in = lax.all_to_all(expert_in, EP, 0, 1, tiled=True)       # [E_local, n*C, d]
  h = jax.nn.gelu(jnp.einsum("ecd,edf->ecf", expert_in, w_in))
  expert_out = jnp.einsum("ecf,efd->ecd", h, w_out)
  expert_out = lax.all_to_all(expert_out, EP, 1, 0, tiled=True)     # [E, C, d]
  combine = dispatch * jnp.max(gates, axis=-1)[:, None, None]
  return jnp.einsum("tec,ecd->td", combine, expert_out)
