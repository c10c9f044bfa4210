"""Ring attention fwd + bwd, following tokamax's ring_attention_kernel_test."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

from ring_attention import ring_attention

P = jax.sharding.PartitionSpec

ring_size = 4
ring_axis = "ring"
devices = np.asarray(jax.devices()[:ring_size]).reshape(1, ring_size)
mesh = jax.sharding.Mesh(devices, ("heads", ring_axis))
num_heads, head_dim = 2, 64
seq_len = 128 * ring_size

q_spec = P(None, ring_axis, None)
kv_spec = q_spec


@partial(jax.shard_map, mesh=mesh, in_specs=(q_spec, kv_spec, kv_spec), out_specs=q_spec, check_vma=False)
def ring_attn(q, k, v):
    out = ring_attention(q, k, v, ring_axis=ring_axis)
    return out


def fwd_bwd(q, k, v, do):
    out, out_vjp = jax.vjp(ring_attn, q, k, v)
    dq, dk, dv = out_vjp(do)
    return out, dq, dk, dv


k1, k2, k3, k4 = jax.random.split(jax.random.key(0), 4)
q = jax.random.normal(k1, (num_heads, seq_len, head_dim), jnp.float32)
k = jax.random.normal(k2, (num_heads, seq_len, head_dim), jnp.float32)
v = jax.random.normal(k3, (num_heads, seq_len, head_dim), jnp.float32)
do = jax.random.normal(k4, q.shape, jnp.float32)
jax.jit(fwd_bwd).trace(q, k, v, do).lower(lowering_platforms=("tpu",))
