import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class SeqParallelPool(nn.Module):
  features: int
  axis_name: str = 'seq'

  @nn.compact
  def __call__(self, x):                       # x: (B, S_local, D)
    h = nn.Dense(self.features)(x)
    scores = nn.Dense(1)(jnp.tanh(h))[..., 0]  # (B, S_local)
    m = lax.pmax(lax.stop_gradient(scores).max(-1, keepdims=True), self.axis_name)
    w = jnp.exp(scores - m)
    num = lax.psum(jnp.einsum('bs,bsd->bd', w, h), self.axis_name)
    den = lax.psum(w.sum(-1, keepdims=True), self.axis_name)
    return num / den
