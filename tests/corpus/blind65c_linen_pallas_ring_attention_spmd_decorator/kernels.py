import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _rotate_kernel(x_ref, o_ref, send_sem, recv_sem, *, axis_name, ring_size, shift):
  my_id = lax.axis_index(axis_name)
  target = lax.rem(my_id + ring_size + shift, ring_size)
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(target,), device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def _rotate(x, axis_name, ring_size, shift):
  kernel = functools.partial(_rotate_kernel, axis_name=axis_name, ring_size=ring_size,
                             shift=shift)
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
          out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
      ),
  )(x)


@functools.partial(jax.custom_vjp, nondiff_argnums=(1, 2))
def rotate_left(x, axis_name, ring_size):
  return _rotate(x, axis_name, ring_size, -1)


def _rotate_left_fwd(x, axis_name, ring_size):
  return _rotate(x, axis_name, ring_size, -1), None


def _rotate_left_bwd(axis_name, ring_size, _, g):
  # the cotangent goes back the way the block came
  return (_rotate(g, axis_name, ring_size, +1),)


rotate_left.defvjp(_rotate_left_fwd, _rotate_left_bwd)
