from jax import lax
from jax.experimental.pallas import tpu as pltpu


def right_permute_kernel(in_ref, out_ref, send_sem, recv_sem, *, axis, n):
    right = lax.rem(lax.axis_index(axis) + 1, n)
    copy = pltpu.make_async_remote_copy(in_ref, out_ref, send_sem, recv_sem, (right,),
                                        pltpu.DeviceIdType.MESH)
    copy.start()
    copy.wait()
