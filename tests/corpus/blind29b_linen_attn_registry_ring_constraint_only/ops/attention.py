import jax
import jax.numpy as jnp
from jax import lax


def dot_product_attention(q, k, v, axis_name=None):
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1])
    return jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, axis=-1), v)


def _rotate(x, axis_name, axis_size):
    perm = [(i, (i + 1) % axis_size) for i in range(axis_size)]
    return lax.ppermute(x, axis_name, perm)


def ring_attention(q, k, v, axis_name="sp"):
    """Blockwise ring attention: K/V blocks travel around the sequence axis."""
    axis_size = lax.axis_size(axis_name)
    scale = 1.0 / jnp.sqrt(q.shape[-1])
    m = jnp.full(q.shape[:1] + (q.shape[2], q.shape[1]), -jnp.inf, q.dtype)
    l = jnp.zeros_like(m)
    o = jnp.zeros(q.shape, q.dtype)
    for _ in range(axis_size):
        s = jnp.einsum("bqhd,bkhd->bhqk", q, k) * scale
        m_new = jnp.maximum(m, s.max(-1))
        p = jnp.exp(s - m_new[..., None])
        corr = jnp.exp(m - m_new)
        l = l * corr + p.sum(-1)
        o = o * jnp.swapaxes(corr, 1, 2)[..., None] + jnp.einsum("bhqk,bkhd->bqhd", p, v)
        m = m_new
        k, v = _rotate(k, axis_name, axis_size), _rotate(v, axis_name, axis_size)
    return o / jnp.swapaxes(l, 1, 2)[..., None]
