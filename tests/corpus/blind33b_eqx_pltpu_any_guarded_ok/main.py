import functools

import jax
import jax.numpy as jnp
from jax import lax
import jax.experimental.pallas as pl
import jax.experimental.pallas.tpu as pltpu
from jax.sharding import PartitionSpec as P, AxisType
import equinox as eqx

N = 4

# pltpu.ANY was deprecated in favour of pl.ANY and later removed
try:
    ANY = pl.ANY
except AttributeError:  # older JAX
    ANY = pltpu.ANY


def ppermute_kernel(x_ref, o_ref, send_sem, recv_sem):
    right = lax.rem(lax.axis_index("x") + 1, N)
    op = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH,
    )
    op.start()
    op.wait()


class RingShift(eqx.Module):
    def __call__(self, x):
        grid_spec = pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            in_specs=[pl.BlockSpec(memory_space=ANY)],
            out_specs=pl.BlockSpec(memory_space=ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
        )
        return pl.pallas_call(ppermute_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                              grid_spec=grid_spec)(x)


mesh = jax.make_mesh((N,), ("x",), axis_types=(AxisType.Auto,))
shift = RingShift()


@eqx.filter_jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)
def step(x):
    return shift(x)


x = jnp.ones((N * 8, 128), jnp.float32)
print(jax.jit(step).trace(x).lower(lowering_platforms=("tpu",)).as_text()[:40])
