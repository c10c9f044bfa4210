import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

RING = "ring"
N = 4


def _ring_allreduce_kernel(x_ref, o_ref, send_buf, recv_buf, send_sem, recv_sem, *, n):
  me = lax.axis_index(RING)
  right = lax.rem(me + 1, n)
  o_ref[...] = x_ref[...]
  send_buf[...] = x_ref[...]

  def hop(i, carry):
    cp = pltpu.make_async_remote_copy(
        src_ref=send_buf, dst_ref=recv_buf,
        send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    cp.start()
    cp.wait()
    o_ref[...] += recv_buf[...]
    send_buf[...] = recv_buf[...]
    return carry

  lax.fori_loop(0, n - 1, hop, 0)


class RingGradSync(eqx.Module):
  n: int = eqx.field(static=True)

  def allreduce(self, g):
    return pl.pallas_call(
        functools.partial(_ring_allreduce_kernel, n=self.n),
        out_shape=jax.ShapeDtypeStruct(g.shape, g.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        scratch_shapes=[pltpu.VMEM(g.shape, g.dtype), pltpu.VMEM(g.shape, g.dtype),
                        pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(g)

  def __call__(self, g):
    return self.allreduce(g) / self.n


def sync_all(sync, per_device_grads):
  # One row of per_device_grads per ring member.
  return jax.vmap(sync, axis_name=RING)(per_device_grads)


if __name__ == "__main__":
  sync = RingGradSync(n=N)
  step = jax.jit(functools.partial(sync_all, sync))
  grads = jax.ShapeDtypeStruct((N, 16, 128), jnp.float32)
  step.trace(grads).lower(lowering_platforms=("tpu",))
