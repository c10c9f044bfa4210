import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import NamedSharding, PartitionSpec as P

SEQ_AXIS = "sp"
N = 4
mesh = jax.make_mesh((N,), (SEQ_AXIS,))


def _rotate_kernel(kv_ref, out_ref, send_sem, recv_sem):
  me = lax.axis_index(SEQ_AXIS)
  right = lax.rem(me + 1, N)
  cp = pltpu.make_async_remote_copy(
      src_ref=kv_ref, dst_ref=out_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
  cp.start()
  cp.wait()


def rotate_block(kv):
  """[block, head_dim] -> the left neighbour's [block, head_dim]."""
  return pl.pallas_call(
      _rotate_kernel,
      out_shape=jax.ShapeDtypeStruct(kv.shape, kv.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(kv)


rotate_heads = jax.vmap(rotate_block)  # over the head axis


def ring_attention(q, k, v):
  # q, k, v: [heads, block, head_dim], this chip's slice of the sequence.
  scale = q.shape[-1] ** -0.5

  def step(i, carry):
    k_blk, v_blk, num, den = carry
    s = jnp.einsum("hqd,hkd->hqk", q, k_blk) * scale
    p = jnp.exp(s)
    num = num + jnp.einsum("hqk,hkd->hqd", p, v_blk)
    den = den + p.sum(-1, keepdims=True)
    return rotate_heads(k_blk), rotate_heads(v_blk), num, den

  init = (k, v, jnp.zeros_like(q), jnp.zeros(q.shape[:-1] + (1,), q.dtype))
  _, _, num, den = lax.fori_loop(0, N, step, init)
  return num / den


spec = P(None, SEQ_AXIS, None)
attn = jax.jit(jax.shard_map(ring_attention, mesh=mesh, in_specs=(spec, spec, spec),
                             out_specs=spec, check_vma=False))

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((8, N * 128, 128), jnp.float32,
                           sharding=NamedSharding(mesh, spec))
  attn.trace(x, x, x).lower(lowering_platforms=("tpu",))
