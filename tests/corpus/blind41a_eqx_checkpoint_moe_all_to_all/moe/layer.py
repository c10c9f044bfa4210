import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class ExpertFFN(eqx.Module):
  w_in: jax.Array    # [experts_local, d, h]
  w_out: jax.Array   # [experts_local, h, d]

  def __call__(self, x):   # x: [experts_local, tokens, d]
    h = jax.nn.gelu(jnp.einsum('etd,edh->eth', x, self.w_in))
    return jnp.einsum('eth,ehd->etd', h, self.w_out)


class MoE(eqx.Module):
  router: jax.Array
  experts: ExpertFFN
  axis: str = eqx.field(static=True)

  def __call__(self, x):   # x: [tokens_local, d]
    n_exp = self.router.shape[-1]
    gates = jax.nn.softmax(x @ self.router)                 # [t, E]
    dispatch = jnp.einsum('te,td->etd', gates, x)           # [E, t, d]
    recv = lax.all_to_all(dispatch, self.axis, split_axis=0, concat_axis=1, tiled=True)
    out = eqx.filter_checkpoint(self.experts)(recv)          # [E_local, n*t, d]
    back = lax.all_to_all(out, self.axis, split_axis=1, concat_axis=0, tiled=True)
    return jnp.einsum('etd,te->td', back, gates)


def init(key, d, h, n_exp, axis):
  k1, k2, k3 = jax.random.split(key, 3)
  return MoE(router=jax.random.normal(k1, (d, n_exp)) * 0.02,
             experts=ExpertFFN(jax.random.normal(k2, (n_exp, d, h)) * 0.02,
                               jax.random.normal(k3, (n_exp, h, d)) * 0.02),
             axis=axis)
