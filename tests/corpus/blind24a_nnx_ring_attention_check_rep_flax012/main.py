import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx


@dataclasses.dataclass(frozen=True)
class RingConfig:
    seq_axis: str = "sp"
    ring_size: int = 4
    d_model: int = 64
    heads: int = 4


CFG = RingConfig()
MESH = jax.make_mesh((CFG.ring_size,), (CFG.seq_axis,), axis_types=(AxisType.Auto,))


def ring_attention(q, k, v, cfg: RingConfig):
    perm = [(i, (i + 1) % cfg.ring_size) for i in range(cfg.ring_size)]
    scale = q.shape[-1] ** -0.5

    def body(i, carry):
        acc, denom, k_blk, v_blk = carry
        s = jnp.einsum("qhd,khd->hqk", q, k_blk) * scale
        p = jnp.exp(s - jax.lax.stop_gradient(s.max(-1, keepdims=True)))
        acc = acc + jnp.einsum("hqk,khd->qhd", p, v_blk)
        denom = denom + p.sum(-1).transpose(1, 0)[..., None]
        k_blk = lax.ppermute(k_blk, cfg.seq_axis, perm)
        v_blk = lax.ppermute(v_blk, cfg.seq_axis, perm)
        return acc, denom, k_blk, v_blk

    init = (jnp.zeros_like(q), jnp.zeros(q.shape[:2] + (1,), q.dtype), k, v)
    acc, denom, _, _ = lax.fori_loop(0, cfg.ring_size, body, init)
    return acc / denom


class RingSelfAttention(nnx.Module):
    def __init__(self, cfg: RingConfig, *, rngs: nnx.Rngs):
        self.cfg = cfg
        self.qkv = nnx.Linear(cfg.d_model, 3 * cfg.d_model, rngs=rngs)
        self.out = nnx.Linear(cfg.d_model, cfg.d_model, rngs=rngs)

    def __call__(self, x):
        t = x.shape[0]
        q, k, v = jnp.split(self.qkv(x).reshape(t, 3 * self.cfg.heads, -1), 3, axis=1)
        return self.out(ring_attention(q, k, v, self.cfg).reshape(t, -1))


@nnx.jit
def forward(model, x):
    @partial(nnx.shard_map, mesh=MESH, in_specs=(P(), P(CFG.seq_axis)),
             out_specs=P(CFG.seq_axis), check_rep=False)
    def sharded(model, x):
        return model(x)

    return sharded(model, x)


model = RingSelfAttention(CFG, rngs=nnx.Rngs(0))
x = jnp.ones((128, CFG.d_model))
print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
