"""Ring attention: rotate K/V blocks around the sequence axis (older JAX experimental shard_map)."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("sp",))
N = mesh.shape["sp"]


def ring_attention(q, k, v):
    perm = [(i, (i + 1) % N) for i in range(N)]
    scale = q.shape[-1] ** -0.5

    def step(carry, _):
        num, den, m, k, v = carry
        s = jnp.einsum("bqd,bkd->bqk", q, k) * scale
        m_new = jnp.maximum(m, s.max(-1))
        corr = jnp.exp(m - m_new)
        p = jnp.exp(s - m_new[..., None])
        num = num * corr[..., None] + jnp.einsum("bqk,bkd->bqd", p, v)
        den = den * corr + p.sum(-1)
        k, v = lax.ppermute(k, "sp", perm), lax.ppermute(v, "sp", perm)
        return (num, den, m_new, k, v), None

    num0 = jnp.zeros_like(q)
    den0 = jnp.zeros(q.shape[:-1], q.dtype)
    m0 = jnp.full(q.shape[:-1], -jnp.inf, q.dtype)
    (num, den, _, _, _), _ = lax.scan(step, (num0, den0, m0, k, v), None, length=N)
    return num / den[..., None]


attn = jax.jit(shard_map(ring_attention, mesh=mesh,
                         in_specs=(P(None, "sp", None),) * 3,
                         out_specs=P(None, "sp", None), check_rep=False))

if __name__ == "__main__":
    q = jax.ShapeDtypeStruct((2, 512, 64), jnp.float32)
    attn.trace(q, q, q).lower(lowering_platforms=("tpu",))
