"""all-gather along a mesh axis: XLA collective or Pallas ring kernel."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


@dataclasses.dataclass(frozen=True)
class CollectiveConfig:
  use_pallas: bool = False
  axis_size: int = 2


def _ring_all_gather_kernel(x_ref, o_ref, local_sem, send_sem, recv_sems, *, axis_name, n):
  step = pl.program_id(0)
  me = lax.axis_index(axis_name)
  right = lax.rem(me + 1, n)
  slot = lax.rem(me - step + n, n)

  @pl.when(step == 0)
  def _():
    cp = pltpu.make_async_copy(src_ref=x_ref, dst_ref=o_ref.at[me], sem=local_sem)
    cp.start()
    cp.wait()

  rc = pltpu.make_async_remote_copy(
      src_ref=o_ref.at[slot], dst_ref=o_ref.at[slot],
      send_sem=send_sem, recv_sem=recv_sems.at[step],
      device_id={axis_name: right}, device_id_type=pltpu.DeviceIdType.MESH)
  rc.start()
  rc.wait()


def _pallas_all_gather(x, axis_name, n):
  return pl.pallas_call(
      functools.partial(_ring_all_gather_kernel, axis_name=axis_name, n=n),
      out_shape=jax.ShapeDtypeStruct((n, *x.shape), x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          grid=(n - 1,),
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA,
                          pltpu.SemaphoreType.DMA((n - 1,))],
      ),
  )(x)


def all_gather(x, axis_name, cfg: CollectiveConfig):
  if cfg.use_pallas:
    return _pallas_all_gather(x, axis_name, cfg.axis_size)
  return lax.all_gather(x, axis_name)
