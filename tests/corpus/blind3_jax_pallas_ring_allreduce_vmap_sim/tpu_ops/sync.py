from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def neighbour_barrier(left, right):
    """Make sure both ring neighbours entered the kernel before any DMA targets them."""
    barrier_sem = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier_sem, 1, device_id=left, device_id_type=pl.DeviceIdType.LOGICAL)
    pl.semaphore_signal(barrier_sem, 1, device_id=right, device_id_type=pl.DeviceIdType.LOGICAL)
    pl.semaphore_wait(barrier_sem, 2)
