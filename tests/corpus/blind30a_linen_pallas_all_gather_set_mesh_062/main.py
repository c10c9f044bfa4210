import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P
import flax.linen as nn

NUM_DEVICES = 4


def all_gather_kernel(input_ref, output_ref, local_copy_sem, send_sem, recv_sems):
    outer_step = pl.program_id(0)
    my_id = lax.axis_index("x")
    right_neighbor = lax.rem(my_id + 1, NUM_DEVICES)
    copy_slot = lax.rem(my_id - outer_step + NUM_DEVICES, NUM_DEVICES)

    @pl.when(outer_step == 0)
    def _():
        local_copy_op = pltpu.make_async_copy(
            src_ref=input_ref, dst_ref=output_ref.at[my_id], sem=local_copy_sem)
        local_copy_op.start()
        local_copy_op.wait()

    remote_copy_op = pltpu.make_async_remote_copy(
        src_ref=output_ref.at[copy_slot],
        dst_ref=output_ref.at[copy_slot],
        send_sem=send_sem,
        recv_sem=recv_sems.at[outer_step],
        device_id=(right_neighbor,),
        device_id_type=pltpu.DeviceIdType.MESH,
    )
    remote_copy_op.start()
    remote_copy_op.wait()


all_gather = pl.pallas_call(
    all_gather_kernel,
    out_shape=jax.ShapeDtypeStruct((NUM_DEVICES, 8, 128), jnp.float32),
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=0,
        in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
        out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
        scratch_shapes=([pltpu.SemaphoreType.DMA] * 2
                        + [pltpu.SemaphoreType.DMA((NUM_DEVICES - 1,))]),
        grid=(NUM_DEVICES - 1,),
    ),
)


class GatheredProjection(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(128)(x)
        if self.is_initializing():
            return x
        return all_gather(x)


model = GatheredProjection()
mesh = jax.make_mesh((NUM_DEVICES,), ("x",))


@jax.jit
@functools.partial(jax.shard_map, in_specs=(P(), P("x", None)),
                   out_specs=P("x", None), check_vma=False)
def gather(params, x):
    return model.apply({"params": params}, x)


if __name__ == "__main__":
    x = jnp.ones((8 * NUM_DEVICES, 128))
    params = model.init(jax.random.key(0), x[:8])["params"]
    with jax.set_mesh(mesh):
        print(gather.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
