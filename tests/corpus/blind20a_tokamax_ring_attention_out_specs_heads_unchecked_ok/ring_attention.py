"""Ring attention, adapted from tokamax 0.0.12
`tokamax/_src/ops/experimental/tpu/splash_attention/ring_attention_kernel.py`: the K/V rotation by
`lax.ppermute` over `ring_axis`, the online-softmax merge in a `lax.scan`, the custom VJP whose
backward pass rotates dK/dV around the ring, and `_has_axis`, kept; the splash-attention Pallas
kernel for each chunk replaced by a plain jnp attention (no mask info)."""
import functools
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

MASK_VALUE = -0.7 * float(jnp.finfo(jnp.float32).max)


def _chunk_attention(q, k, v):
    """q: [heads, q_len, d], k/v: [heads, kv_len, d] -> out, {logsumexp, max_logits}."""
    s = jnp.einsum("hqd,hkd->hqk", q.astype(jnp.float32), k.astype(jnp.float32))
    m = jnp.max(s, axis=-1)
    p = jnp.exp(s - m[..., None])
    l = jnp.sum(p, axis=-1)
    out = jnp.einsum("hqk,hkd->hqd", p / l[..., None], v.astype(jnp.float32))
    return out.astype(q.dtype), {"logsumexp": m + jnp.log(l), "max_logits": m}


def _ring_attention_forward(q, k, v, *, ring_axis):
    ring_axis_size = lax.axis_size(ring_axis)
    shift = partial(
        lax.ppermute,
        axis_name=ring_axis,
        perm=[(i, (i + 1) % ring_axis_size) for i in range(ring_axis_size)],
    )
    o_init = jnp.zeros(q.shape, dtype=jnp.float32)
    l_init = jnp.zeros(q.shape[:2], jnp.float32)
    m_init = jnp.full_like(l_init, MASK_VALUE, dtype=jnp.float32)

    def body(carry, i):
        m_prev, l_prev, o_prev, k_current, v_current = carry
        k_next = shift(k_current)
        v_next = shift(v_current)
        out_curr, stats = _chunk_attention(q, k_current, v_current)
        lse_curr = stats["logsumexp"]
        m_curr = stats["max_logits"]
        l_curr = jnp.exp(lse_curr - m_curr)
        o_curr = out_curr.astype(jnp.float32) * l_curr[..., None]
        m_next = jnp.maximum(m_prev, m_curr)
        alpha = jnp.exp(m_prev - m_next)
        beta = jnp.exp(m_curr - m_next)
        l_next = alpha * l_prev + beta * l_curr
        o_next = alpha[..., None] * o_prev + beta[..., None] * o_curr
        return (m_next, l_next, o_next, k_next, v_next), None

    (m_final, l_final, o_final, _, _), _ = lax.scan(
        body, (m_init, l_init, o_init, k, v), xs=jnp.arange(0, ring_axis_size),
        length=ring_axis_size, unroll=True)
    l_inv = jnp.where(l_final == 0.0, 0.0, 1.0 / l_final)
    out = (o_final * l_inv[..., None]).astype(q.dtype)
    lse = jnp.log(l_final) + m_final
    return out, lse


@partial(jax.custom_vjp, nondiff_argnums=(3,))
def _ring_attention_custom(q, k, v, ring_axis):
    out, _ = _ring_attention_forward(q, k, v, ring_axis=ring_axis)
    return out


def _ring_attention_fwd(q, k, v, ring_axis):
    out, lse = _ring_attention_forward(q, k, v, ring_axis=ring_axis)
    return out, (q, k, v, out, lse)


def _ring_attention_bwd(ring_axis, res, do):
    q, k, v, out, lse = res
    ring_axis_size = lax.axis_size(ring_axis)
    shift = partial(
        lax.ppermute,
        axis_name=ring_axis,
        perm=[(i, (i + 1) % ring_axis_size) for i in range(ring_axis_size)],
    )
    do = do.astype(jnp.float32)
    delta = jnp.sum(do * out.astype(jnp.float32), axis=-1)

    def body(carry, i):
        dq_accum, dk_accum, dv_accum, k_current, v_current = carry
        k_next = shift(k_current)
        v_next = shift(v_current)
        s = jnp.einsum("hqd,hkd->hqk", q.astype(jnp.float32), k_current.astype(jnp.float32))
        p = jnp.exp(s - lse[..., None])
        dv_i = jnp.einsum("hqk,hqd->hkd", p, do)
        dp = jnp.einsum("hqd,hkd->hqk", do, v_current.astype(jnp.float32))
        ds = p * (dp - delta[..., None])
        dq_i = jnp.einsum("hqk,hkd->hqd", ds, k_current.astype(jnp.float32))
        dk_i = jnp.einsum("hqk,hqd->hkd", ds, q.astype(jnp.float32))
        dv_next = shift(dv_accum + dv_i)
        dk_next = shift(dk_accum + dk_i)
        return (dq_accum + dq_i, dk_next, dv_next, k_next, v_next), None

    init = (jnp.zeros_like(q, dtype=jnp.float32), jnp.zeros_like(k, dtype=jnp.float32),
            jnp.zeros_like(v, dtype=jnp.float32), k, v)
    (dq, dk, dv, _, _), _ = lax.scan(body, init, xs=jnp.arange(ring_axis_size),
                                     length=ring_axis_size, unroll=True)
    return dq.astype(q.dtype), dk.astype(k.dtype), dv.astype(v.dtype)


_ring_attention_custom.defvjp(_ring_attention_fwd, _ring_attention_bwd)


def _has_axis(axis_name: str) -> bool:
    try:
        # We try to access the size of the axis.
        # If it doesn't exist, JAX raises a NameError (or similar) immediately
        # during tracing.
        lax.axis_size(axis_name)
        return True
    except (NameError, ValueError):
        return False


@partial(jax.jit, static_argnames=["ring_axis"])
def ring_attention(q, k, v, *, ring_axis: str):
    """Global attention over a sequence whose K/V shards live on the devices of `ring_axis`."""
    if not _has_axis(ring_axis):
        raise ValueError(f"Ring axis {ring_axis} does not exist")
    return _ring_attention_custom(q, k, v, ring_axis)
