import math

import jax
import jax.numpy as jnp
from flax import nnx


def sinusoidal(t, dim):
  half = dim // 2
  freqs = jnp.exp(-math.log(10000.0) * jnp.arange(half) / half)
  ang = t.astype(jnp.float32)[..., None] * freqs
  return jnp.concatenate([jnp.sin(ang), jnp.cos(ang)], axis=-1)


class ConditionalDenoiser(nnx.Module):
  def __init__(self, num_classes, ch=32, emb=64, *, rngs: nnx.Rngs):
    self.emb_dim = emb
    self.num_classes = num_classes
    self.label_emb = nnx.Linear(num_classes, emb, use_bias=False, rngs=rngs)
    self.t_proj = nnx.Linear(emb, emb, rngs=rngs)
    self.conv_in = nnx.Conv(3, ch, (3, 3), rngs=rngs)
    self.film = nnx.Linear(emb, 2 * ch, rngs=rngs)
    self.conv_mid = nnx.Conv(ch, ch, (3, 3), rngs=rngs)
    self.conv_out = nnx.Conv(ch, 3, (3, 3), rngs=rngs)

  def __call__(self, x, t, labels):
    cond = nnx.silu(self.t_proj(sinusoidal(t, self.emb_dim)) + self.label_emb(jax.nn.one_hot(labels, self.num_classes)))
    scale, shift = jnp.split(self.film(cond), 2, axis=-1)
    h = nnx.silu(self.conv_in(x))
    h = h * (1 + scale[:, None, None, :]) + shift[:, None, None, :]
    h = nnx.silu(self.conv_mid(h))
    return self.conv_out(h)
