import flax.linen as nn
import jax
import jax.numpy as jnp


class RingAttention(nn.Module):
  """Sequence-parallel attention: K/V blocks rotate around the ring with ppermute."""
  num_heads: int
  head_dim: int
  axis_name: str = 'sp'

  @nn.compact
  def __call__(self, x):
    n = jax.lax.psum(1, self.axis_name)
    dense = lambda name: nn.DenseGeneral((self.num_heads, self.head_dim), name=name)
    q, k, v = dense('query')(x), dense('key')(x), dense('value')(x)
    perm = [(i, (i + 1) % n) for i in range(n)]

    def body(carry, _):
      k_blk, v_blk, num, den, m = carry
      s = jnp.einsum('bqhd,bkhd->bhqk', q, k_blk) / jnp.sqrt(self.head_dim)
      m_new = jnp.maximum(m, s.max(-1))
      p = jnp.exp(s - m_new[..., None])
      scale = jnp.exp(m - m_new)
      num = num * scale[..., None] + jnp.einsum('bhqk,bkhd->bhqd', p, v_blk)
      den = den * scale + p.sum(-1)
      k_blk = jax.lax.ppermute(k_blk, self.axis_name, perm)
      v_blk = jax.lax.ppermute(v_blk, self.axis_name, perm)
      return (k_blk, v_blk, num, den, m_new), None

    # build the accumulators from q so they vary over the sequence axis like the outputs
    num = jnp.zeros_like(q).transpose(0, 2, 1, 3)
    den = jnp.zeros_like(num[..., 0])
    m = jnp.full_like(den, -jnp.inf)
    (_, _, num, den, _), _ = jax.lax.scan(body, (k, v, num, den, m), None, length=n)
    out = (num / den[..., None]).transpose(0, 2, 1, 3)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), name='out')(out)
