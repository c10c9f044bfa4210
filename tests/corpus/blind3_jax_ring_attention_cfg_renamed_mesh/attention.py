"""Blockwise ring attention: key/value blocks rotate round the sequence-parallel ring while each
device accumulates an online softmax over its own query block."""
import jax.numpy as jnp
from jax import lax as L


class RingAttention:
    def __init__(self, cfg):
        self.cfg = cfg
        self.scale = cfg.head_dim ** -0.5

    def __call__(self, q, k, v):
        axis = self.cfg.seq_axis
        n = L.axis_size(axis)
        perm = [(j, (j + 1) % n) for j in range(n)]

        def body(carry, _):
            k, v, m, l, o = carry
            s = (q @ k.swapaxes(-1, -2)) * self.scale
            m_new = jnp.maximum(m, s.max(axis=-1))
            p = jnp.exp(s - m_new[..., None])
            corr = jnp.exp(m - m_new)
            l = l * corr + p.sum(axis=-1)
            o = o * corr[..., None] + p @ v
            k = L.ppermute(k, axis, perm)
            v = L.ppermute(v, axis, perm)
            return (k, v, m_new, l, o), None

        m0 = jnp.full(q.shape[:-1], -jnp.inf, q.dtype)
        l0 = jnp.zeros(q.shape[:-1], q.dtype)
        o0 = jnp.zeros_like(q)
        (_, _, _, l, o), _ = L.scan(body, (k, v, m0, l0, o0), None, length=n)
        return o / l[..., None]
