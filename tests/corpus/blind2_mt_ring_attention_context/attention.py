"""Context-parallel ring attention: each shard holds a block of the sequence; key/value blocks
travel around the ring with ppermute while an online softmax accumulates."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class AttentionConfig(NamedTuple):
    num_heads: int = 8
    head_dim: int = 64
    context_axis: str = "context"
    batch_axes: tuple = ("data", "fsdp")


class RingAttentionOp:
    def __init__(self, config: AttentionConfig, mesh):
        self.config = config
        self.mesh = mesh

    @property
    def ring_size(self):
        return self.mesh.shape[self.config.context_axis]

    def _ring_perm(self):
        n = self.ring_size
        return [(i, (i + 1) % n) for i in range(n)]

    def __call__(self, q, k, v):
        cfg = self.config
        qkv_spec = P(cfg.batch_axes, cfg.context_axis, None, None)

        @functools.partial(
            jax.shard_map,
            mesh=self.mesh,
            in_specs=(qkv_spec, qkv_spec, qkv_spec),
            out_specs=qkv_spec,
            check_vma=False,
        )
        def ring_attention(q, k, v):
            scale = cfg.head_dim ** -0.5
            perm = self._ring_perm()

            def body(_, carry):
                k_blk, v_blk, acc, row_max, row_sum = carry
                s = jnp.einsum("bqhd,bkhd->bhqk", q, k_blk) * scale
                new_max = jnp.maximum(row_max, s.max(axis=-1))
                p = jnp.exp(s - new_max[..., None])
                corr = jnp.exp(row_max - new_max)
                row_sum = row_sum * corr + p.sum(axis=-1)
                acc = acc * corr.transpose(0, 2, 1)[..., None] + jnp.einsum("bhqk,bkhd->bqhd", p, v_blk)
                k_blk = jax.lax.ppermute(k_blk, cfg.context_axis, perm)
                v_blk = jax.lax.ppermute(v_blk, cfg.context_axis, perm)
                return k_blk, v_blk, acc, new_max, row_sum

            b, sq, h, _ = q.shape
            init = (k, v, jnp.zeros_like(q), jnp.full((b, h, sq), -jnp.inf), jnp.zeros((b, h, sq)))
            _, _, acc, _, row_sum = jax.lax.fori_loop(0, self.ring_size, body, init)
            return acc / row_sum.transpose(0, 2, 1)[..., None]

        return ring_attention(q, k, v)
