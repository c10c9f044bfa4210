"""Blocked all-gather: at grid step i every device pulls block i from device i."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def make_gather_kernel(axis_name, num_devices):
    def kernel(x_ref, o_ref, send_sem, recv_sem):
        step = pl.program_id(0)
        me = jax.lax.axis_index(axis_name)

        @pl.when(step == me)
        def _():
            for peer in range(num_devices):
                cp = pltpu.make_async_remote_copy(
                    src_ref=x_ref, dst_ref=o_ref.at[step], send_sem=send_sem, recv_sem=recv_sem,
                    device_id=(peer,), device_id_type=pltpu.DeviceIdType.MESH)
                cp.start()
                cp.wait_send()

        @pl.when(step != me)
        def _():
            pltpu.make_async_remote_copy(
                src_ref=x_ref, dst_ref=o_ref.at[step], send_sem=send_sem, recv_sem=recv_sem,
                device_id=(step,), device_id_type=pltpu.DeviceIdType.MESH).wait_recv()
    return kernel


def all_gather(x, axis_name, num_devices):
    return pl.pallas_call(
        make_gather_kernel(axis_name, num_devices),
        out_shape=jax.ShapeDtypeStruct((num_devices,) + x.shape, x.dtype),
        grid=(num_devices,),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(x)


mesh = Mesh(np.array(jax.devices()).reshape(1, 4), ("replica", "x"))


def run(x):
    return jax.shard_map(functools.partial(all_gather, axis_name="x", num_devices=4), mesh=mesh,
                         in_specs=P("x"), out_specs=P(None, "x"), check_vma=False)(x)


ARGS = (jax.ShapeDtypeStruct((32, 128), jnp.float32),)
