import jax
import jax.numpy as jnp
import equinox as eqx


class MoE(eqx.Module):
  router: eqx.nn.Linear
  w1: jax.Array   # (experts, d_model, d_ff)
  w2: jax.Array   # (experts, d_ff, d_model)

  def __init__(self, d_model, d_ff, n_experts, key):
    kr, k1, k2 = jax.random.split(key, 3)
    self.router = eqx.nn.Linear(d_model, n_experts, use_bias=False, key=kr)
    self.w1 = jax.random.normal(k1, (n_experts, d_model, d_ff)) * d_model ** -0.5
    self.w2 = jax.random.normal(k2, (n_experts, d_ff, d_model)) * d_ff ** -0.5


def moe_local(moe, x, dispatch, combine):
  """x: this device's tokens (T, D); moe.w1/w2 hold this device's expert only."""
  n_experts = moe.router.out_features
  logits = jax.vmap(moe.router)(x)                                  # (T, E)
  onehot = jax.nn.one_hot(jnp.argmax(logits, -1), n_experts)        # (T, E)
  pos = (jnp.cumsum(onehot, axis=0) * onehot).sum(-1).astype(jnp.int32) - 1
  mask = onehot[:, :, None] * jax.nn.one_hot(pos, x.shape[0])[:, None, :]   # (T, E, C)
  buf = jnp.einsum("tec,td->ecd", mask, x)                          # (E, C, D)
  buf = dispatch(buf)
  h = jax.nn.gelu(jnp.einsum("ecd,df->ecf", buf, moe.w1[0]))
  out = jnp.einsum("ecf,fd->ecd", h, moe.w2[0])
  out = combine(out)
  gate = jax.nn.softmax(logits, -1)
  return jnp.einsum("tec,ecd->td", mask * gate[:, :, None], out)
