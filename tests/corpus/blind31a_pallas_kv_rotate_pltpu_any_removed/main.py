import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
import jax.experimental.pallas.tpu as pltpu
from jax.sharding import PartitionSpec as P

SEQ_AXIS = "sp"


def _rotate_kernel(k_ref, v_ref, k_out, v_out, send_sems, recv_sems, *, n):
  me = lax.axis_index(SEQ_AXIS)
  right = lax.rem(me + 1, n)
  copies = [
      pltpu.make_async_remote_copy(src, dst, send_sems.at[i], recv_sems.at[i],
                                   device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
      for i, (src, dst) in enumerate(((k_ref, k_out), (v_ref, v_out)))
  ]
  for c in copies:
    c.start()
  for c in copies:
    c.wait()


def rotate_kv(k, v, n):
  any_spec = pl.BlockSpec(memory_space=pltpu.ANY)
  return pl.pallas_call(
      functools.partial(_rotate_kernel, n=n),
      out_shape=(jax.ShapeDtypeStruct(k.shape, k.dtype), jax.ShapeDtypeStruct(v.shape, v.dtype)),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[any_spec, any_spec],
          out_specs=[any_spec, any_spec],
          scratch_shapes=[pltpu.SemaphoreType.DMA((2,)), pltpu.SemaphoreType.DMA((2,))],
      ),
  )(k, v)


def ring_step(q, k, v):
  n = lax.axis_size(SEQ_AXIS)
  s = jnp.einsum("qd,kd->qk", q, k)
  o = jax.nn.softmax(s, axis=-1) @ v
  k, v = rotate_kv(k, v, n)
  return o, k, v


mesh = jax.make_mesh((4,), (SEQ_AXIS,), axis_types=(jax.sharding.AxisType.Explicit,))
spec = P(SEQ_AXIS, None)
step = jax.jit(jax.shard_map(ring_step, mesh=mesh, in_specs=(spec,) * 3, out_specs=(spec,) * 3, check_vma=False))

q = k = v = jax.ShapeDtypeStruct((512, 128), jnp.float32, sharding=jax.NamedSharding(mesh, spec))
print(step.trace(q, k, v).lower(lowering_platforms=("tpu",)).as_text()[:20])
