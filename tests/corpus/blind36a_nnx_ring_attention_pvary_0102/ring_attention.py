"""Blockwise ring attention: K/V blocks travel around the 'seq' ring, online softmax."""
import jax
import jax.numpy as jnp

SEQ = "seq"


def _rotate(x, n):
    return jax.lax.ppermute(x, SEQ, perm=[(i, (i + 1) % n) for i in range(n)])


def ring_attention(q, k, v, n):
    # q, k, v: (B, T_local, H, Dh)
    scale = q.shape[-1] ** -0.5

    def step(_, carry):
        o, m, l, k, v = carry
        s = jnp.einsum("bqhd,bkhd->bhqk", q, k) * scale
        m_new = jnp.maximum(m, s.max(-1))
        p = jnp.exp(s - m_new[..., None])
        corr = jnp.exp(m - m_new)
        l = l * corr + p.sum(-1)
        o = o * corr.transpose(0, 2, 1)[..., None] + jnp.einsum("bhqk,bkhd->bqhd", p, v)
        return o, m_new, l, _rotate(k, n), _rotate(v, n)

    o = jnp.zeros_like(q)
    b, t, h, _ = q.shape
    m = jax.lax.pvary(jnp.full((b, h, t), -jnp.inf, q.dtype), SEQ)
    l = jax.lax.pvary(jnp.zeros((b, h, t), q.dtype), SEQ)
    o, m, l, _, _ = jax.lax.fori_loop(0, n, step, (o, m, l, k, v))
    return o / l.transpose(0, 2, 1)[..., None]
