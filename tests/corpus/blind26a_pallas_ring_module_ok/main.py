"""A ring-permute Pallas TPU kernel wrapped in an Equinox module, run per-device under shard_map."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def _right_permute_kernel(input_ref, output_ref, send_sem, recv_sem, *, axis, num_devices):
    my_id = lax.axis_index(axis)
    right_neighbor = lax.rem(my_id + 1, num_devices)
    copy = pltpu.make_async_remote_copy(
        src_ref=input_ref,
        dst_ref=output_ref,
        send_sem=send_sem,
        recv_sem=recv_sem,
        device_id=(right_neighbor,),
        device_id_type=pltpu.DeviceIdType.MESH,
    )
    copy.start()
    copy.wait()


class RingShift(eqx.Module):
    """Shifts each device's block to its right neighbour, then applies a linear layer."""

    proj: eqx.nn.Linear
    axis: str = eqx.field(static=True)
    num_devices: int = eqx.field(static=True)

    def shift(self, block):
        kernel = functools.partial(_right_permute_kernel, axis=self.axis, num_devices=self.num_devices)
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct(block.shape, block.dtype),
            grid_spec=pltpu.PrefetchScalarGridSpec(
                num_scalar_prefetch=0,
                in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                out_specs=pl.BlockSpec(memory_space=pl.ANY),
                scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
            ),
        )(block)

    def __call__(self, block):
        return jax.vmap(self.proj)(self.shift(block))


num_devices = jax.device_count()
mesh = Mesh(np.array(jax.devices()), ("x",))
layer = RingShift(eqx.nn.Linear(128, 128, key=jax.random.PRNGKey(0)), "x", num_devices)
params, static = eqx.partition(layer, eqx.is_array)


def per_device(params, block):
    return eqx.combine(params, static)(block)


fn = jax.jit(
    jax.shard_map(per_device, mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"), check_vma=False)
)
x = jnp.arange(num_devices * 8 * 128, dtype=jnp.float32).reshape(num_devices * 8, 128)
print(fn.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:30])
