import jax
import jax.numpy as jnp
from flax import nnx


class MoEBlock(nnx.Module):
  """Soft top-1 MoE feed-forward with a Switch-style load-balancing loss."""

  def __init__(self, d, n_experts, *, rngs):
    self.router = nnx.Linear(d, n_experts, use_bias=False, rngs=rngs)
    init = nnx.initializers.lecun_normal()
    self.w_in = nnx.Param(init(rngs.params(), (n_experts, d, 2 * d)))
    self.w_out = nnx.Param(init(rngs.params(), (n_experts, 2 * d, d)))
    self.norm = nnx.LayerNorm(d, rngs=rngs)

  def __call__(self, x):
    h = self.norm(x)
    probs = jax.nn.softmax(self.router(h), axis=-1)          # [b, t, e]
    hid = jax.nn.gelu(jnp.einsum('btd,edf->btef', h, self.w_in[...]))
    out = jnp.einsum('btef,efd->bted', hid, self.w_out[...])
    y = jnp.einsum('bted,bte->btd', out, probs)
    frac = jax.nn.one_hot(jnp.argmax(probs, -1), probs.shape[-1]).mean((0, 1))
    aux = probs.shape[-1] * jnp.sum(frac * probs.mean((0, 1)))
    return x + y, aux
