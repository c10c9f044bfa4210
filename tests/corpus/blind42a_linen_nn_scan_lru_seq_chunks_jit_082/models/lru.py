"""Diagonal linear recurrence h_t = a * h_{t-1} + W x_t with the sequence split in chunks over
SEQ devices: each chunk scans locally from zero, then the chunks' final states are all-gathered
and every device adds the decayed contribution of the chunks before it."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

SEQ = 'seq'


class Cell(nn.Module):
  features: int

  @nn.compact
  def __call__(self, h, x, a):
    h = a * h + nn.Dense(self.features, name='inp')(x)
    return h, h


class ChunkedLRU(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):                                # x: (B, L_local, d)
    a = nn.sigmoid(self.param('a_logit', nn.initializers.constant(2.0), (self.features,)))
    scan = nn.scan(Cell, variable_broadcast='params', split_rngs={'params': False},
                   in_axes=(1, nn.broadcast), out_axes=1)
    h0 = lax.pvary(jnp.zeros((x.shape[0], self.features), x.dtype), SEQ)  # the carry varies over seq
    h_last, hs = scan(self.features, name='cell')(h0, x, a)
    n = lax.psum(1, SEQ)
    me = lax.axis_index(SEQ)
    L = x.shape[1]
    finals = lax.all_gather(h_last, SEQ)                  # (n, B, d)
    j = jnp.arange(finals.shape[0])
    expo = jnp.where(j < me, L * (me - 1 - j), 0)
    w = jnp.where((j < me)[:, None], a[None, :] ** expo[:, None], 0.0)  # (n, d)
    carry_in = jnp.einsum('nd,nbd->bd', w, finals)
    t = jnp.arange(1, L + 1)
    return hs + (a[None, :] ** t[:, None])[None] * carry_in[:, None, :]
