import jax.numpy as jnp
from jax import lax

EPS2 = 1e-4


def pair_acc(x_mine, x_other, m_other):
  d = x_other[None, :, :] - x_mine[:, None, :]
  w = m_other[None, :] * (jnp.sum(d * d, axis=-1) + EPS2) ** -1.5
  return jnp.einsum("ij,ijk->ik", w, d)


def ring_accelerations(x, m, axis_name, n_dev):
  """Visit every block of bodies by rotating (positions, masses) around the ring."""
  shift = [(j, (j + 1) % n_dev) for j in range(n_dev)]

  def visit(_, carry):
    acc, x_blk, m_blk = carry
    acc = acc + pair_acc(x, x_blk, m_blk)
    x_blk = lax.ppermute(x_blk, axis_name, shift)
    m_blk = lax.ppermute(m_blk, axis_name, shift)
    return acc, x_blk, m_blk

  acc0 = jnp.zeros_like(x)
  acc, _, _ = lax.fori_loop(0, n_dev, visit, (acc0, x, m))
  return acc
