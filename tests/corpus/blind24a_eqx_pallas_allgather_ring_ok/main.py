import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

NUM_DEVICES = 4
mesh = Mesh(np.array(jax.devices()), ("x",))


def all_gather_kernel(input_ref, output_ref, local_copy_sem, send_sem, recv_sems):
    outer_step = pl.program_id(0)
    my_id = lax.axis_index("x")
    right_neighbor = lax.rem(my_id + 1, NUM_DEVICES)
    copy_slot = lax.rem(my_id - outer_step + NUM_DEVICES, NUM_DEVICES)

    @pl.when(outer_step == 0)
    def _():
        local = pltpu.make_async_copy(src_ref=input_ref, dst_ref=output_ref.at[my_id], sem=local_copy_sem)
        local.start()
        local.wait()

    remote = pltpu.make_async_remote_copy(
        src_ref=output_ref.at[copy_slot],
        dst_ref=output_ref.at[copy_slot],
        send_sem=send_sem,
        recv_sem=recv_sems.at[outer_step],
        device_id=(right_neighbor,),
        device_id_type=pltpu.DeviceIdType.MESH,
    )
    remote.start()
    remote.wait()


def pallas_all_gather(x):
    return pl.pallas_call(
        all_gather_kernel,
        out_shape=jax.ShapeDtypeStruct((NUM_DEVICES,) + x.shape, x.dtype),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA] * 2 + [pltpu.SemaphoreType.DMA((NUM_DEVICES - 1,))],
            grid=(NUM_DEVICES - 1,),
        ),
    )(x)


class GatheredLinear(eqx.Module):
    """Weight sharded over rows; each call all-gathers it with the Pallas ring."""

    weight_shard: jax.Array

    def __init__(self, rows, cols, key):
        self.weight_shard = jax.random.normal(key, (rows, cols))

    def __call__(self, x):
        @functools.partial(jax.shard_map, mesh=mesh, in_specs=P("x"), out_specs=P(), check_vma=False)
        def gather(w):
            return pallas_all_gather(w).reshape(-1, w.shape[-1])

        return x @ gather(self.weight_shard)


layer = GatheredLinear(32, 128, jax.random.PRNGKey(0))


@eqx.filter_jit
def forward(layer, x):
    return layer(x)


x = jnp.ones((8, 32))
print(jax.jit(forward).trace(layer, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
