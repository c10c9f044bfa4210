import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

ROOT = 0


def push_to_root_kernel(input_ref, output_ref, send_sem, recv_sem):
    my_id = lax.axis_index("x")

    @pl.when(my_id != ROOT)
    def _():
        copy = pltpu.make_async_remote_copy(
            src_ref=input_ref,
            dst_ref=output_ref,
            send_sem=send_sem,
            recv_sem=recv_sem,
            device_id=(ROOT,),
            device_id_type=pltpu.DeviceIdType.MESH,
        )
        copy.start()
        copy.wait_send()


class RootReducer:
    def __init__(self, mesh, block=(8, 128)):
        self.block = block
        self.mesh = mesh
        self.push = jax.jit(jax.shard_map(self._call, mesh=mesh, in_specs=P("x"), out_specs=P("x"),
                                          check_vma=False))

    def _call(self, x):
        grid_spec = pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
            out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        )
        return pl.pallas_call(
            push_to_root_kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid_spec=grid_spec,
        )(x)


mesh = jax.sharding.Mesh(jax.devices(), ("x",))
reducer = RootReducer(mesh)
x = jnp.ones((8 * len(jax.devices()), 128), jnp.float32)
print(reducer.push.trace(x).lower(lowering_platforms=("tpu",)).as_text()[:40])
