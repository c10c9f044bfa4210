"""Ring-attention style KV rotation: each head's K/V block is passed to the right neighbour
with a Pallas remote copy; the kernel is batched over heads with jax.vmap."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

N_DEV = 4
HEADS, SEQ, HEAD_DIM = 8, 128, 128
BLOCK = SEQ // N_DEV


@functools.partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct((BLOCK, HEAD_DIM), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
    out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
    scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
)
def rotate_right(kv_ref, out_ref, send_sem, recv_sem):
  me = jax.lax.axis_index("sp")
  copy = pltpu.make_async_remote_copy(
      src_ref=kv_ref, dst_ref=out_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(jax.lax.rem(me + 1, N_DEV),),
      device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def ring_attention_step(q, k, v):
  # q, k, v: [heads, block, head_dim] (local sequence block)
  s = jnp.einsum("hqd,hkd->hqk", q, k) / np.sqrt(HEAD_DIM)
  o = jnp.einsum("hqk,hkd->hqd", jax.nn.softmax(s, axis=-1), v)
  k_next = jax.vmap(rotate_right)(k)
  v_next = jax.vmap(rotate_right)(v)
  return o, k_next, v_next


mesh = Mesh(np.array(jax.devices()[:N_DEV]), ("sp",))
spec = P(None, "sp", None)
sharded_step = jax.jit(shard_map(ring_attention_step, mesh=mesh, in_specs=(spec, spec, spec),
                                 out_specs=(spec, spec, spec), check_rep=False))

if __name__ == "__main__":
  qkv = jax.ShapeDtypeStruct((HEADS, SEQ, HEAD_DIM), jnp.float32)
  sharded_step.trace(qkv, qkv, qkv).lower(lowering_platforms=("tpu",))
