import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

try:
    from jax import shard_map as _shard_map

    def shard_map(f, mesh, in_specs, out_specs):
        return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_vma=False)
except ImportError:
    from jax.experimental.shard_map import shard_map as _shard_map

    def shard_map(f, mesh, in_specs, out_specs):
        return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_rep=False)

N = 4
mesh = Mesh(np.array(jax.devices()), ("i",))


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
    my_id = lax.axis_index("i")
    right_neighbor = lax.rem(my_id + 1, N)
    barrier_sem = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier_sem, device_id=(right_neighbor,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier_sem, 1)
    remote_copy_op = pltpu.make_async_remote_copy(
        src_ref=input_ref, dst_ref=output_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right_neighbor,), device_id_type=pltpu.DeviceIdType.MESH)
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
            scratch_shapes=[pltpu.SemaphoreType.DMA] * 2),
        compiler_params=pltpu.TPUCompilerParams(collective_id=0),
    )(x)


class ShiftResidual(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features)(x)
        return y + shard_map(right_permute, mesh, P("i"), P("i"))(y)


model = ShiftResidual(128)
x = jnp.ones((32, 128))


@jax.jit
def run(key, x):
    return model.apply(model.init(key, x), x)


print(run.trace(jax.random.PRNGKey(0), x).lower(lowering_platforms=("tpu",)).as_text()[:20])
