import jax
import jax.numpy as jnp
from jax import lax


def ring_attention(q, k, v, axis_name):
    n = lax.axis_size(axis_name)
    idx = lax.axis_index(axis_name)
    perm = [(j, (j + 1) % n) for j in range(n)]
    blk = q.shape[0]
    q_pos = idx * blk + jnp.arange(blk)

    def body(i, carry):
        k, v, m, l, o = carry
        src = (idx - i) % n
        k_pos = src * blk + jnp.arange(blk)
        s = q @ k.T / jnp.sqrt(q.shape[-1])
        s = jnp.where(q_pos[:, None] >= k_pos[None, :], s, -1e9)
        m_new = jnp.maximum(m, s.max(-1))
        p = jnp.exp(s - m_new[:, None])
        corr = jnp.exp(m - m_new)
        l = l * corr + p.sum(-1)
        o = o * corr[:, None] + p @ v
        k = lax.ppermute(k, axis_name, perm)
        v = lax.ppermute(v, axis_name, perm)
        return k, v, m_new, l, o

    m0 = jnp.full((blk,), -jnp.inf)
    l0 = jnp.zeros((blk,))
    o0 = jnp.zeros_like(q)
    m0, l0, o0 = (lax.pvary(a, axis_name) for a in (m0, l0, o0))
    _, _, _, l, o = lax.fori_loop(0, n, body, (k, v, m0, l0, o0))
    return o / l[:, None]
