"""Backward pass of sequence-parallel ring attention under jax.checkpoint."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from attention import RingAttention
from config import ParallelConfig

cfg = ParallelConfig()
mesh = Mesh(np.array(jax.devices()[: cfg.num_seq_shards]), (cfg.seq_axis,))
attn = RingAttention(cfg)


def loss(q, k, v):
    out = jax.checkpoint(attn)(q, k, v)
    return jnp.sum(out ** 2)


spec = P(None, cfg.seq_axis, None)
grads = jax.jit(
    jax.shard_map(jax.grad(loss, argnums=(0, 1, 2)), mesh=mesh,
                  in_specs=(spec, spec, spec), out_specs=(spec, spec, spec), check_vma=False)
)
q = k = v = jnp.ones((2, 64, cfg.head_dim), jnp.float32)
grads.trace(q, k, v).lower(lowering_platforms=("cuda",))
