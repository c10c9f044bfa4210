import functools

import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

num_devices = 4
mesh = jax.make_mesh((num_devices,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
    my_id = lax.axis_index("x")
    right_neighbor = lax.rem(my_id + 1, num_devices)
    remote_copy_op = pltpu.make_async_remote_copy(
        src_ref=input_ref,
        dst_ref=output_ref,
        send_sem=send_sem,
        recv_sem=recv_sem,
        device_id=(right_neighbor,),
        device_id_type=pl.DeviceIdType.MESH,
    )
    remote_copy_op.start()
    remote_copy_op.wait()


def right_permute(x):
    return pl.pallas_call(
        right_permute_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
        ),
    )(x)


class ShiftedMixer(nnx.Module):
    """Mixes each shard's features with the left neighbour's (a custom ppermute)."""

    def __init__(self, d, rngs):
        self.proj = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return self.proj(x) + right_permute(x)


mixer = ShiftedMixer(128, nnx.Rngs(0))


@nnx.jit
def forward(mixer, x):
    fn = nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"), check_vma=False)
    return fn(mixer, x)


x = jnp.ones((num_devices * 8, 128), jnp.float32)
print(forward.trace(mixer, x).lower(lowering_platforms=("tpu",)).as_text()[:80])
