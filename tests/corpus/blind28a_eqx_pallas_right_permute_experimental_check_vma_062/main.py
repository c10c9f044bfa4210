"""JAX 0.6.2: the Pallas right_permute from the distributed guide inside an Equinox module,
with the shard_map call written from the current docs against the experimental import."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

NUM = 4


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
    my_id = lax.axis_index("x")
    right_neighbor = lax.rem(my_id + 1, NUM)
    op = pltpu.make_async_remote_copy(src_ref=input_ref, dst_ref=output_ref,
                                      send_sem=send_sem, recv_sem=recv_sem,
                                      device_id=(right_neighbor,),
                                      device_id_type=pltpu.DeviceIdType.MESH)
    op.start()
    op.wait()


class Permuter(eqx.Module):
    scale: jax.Array

    def __call__(self, x):
        out = pl.pallas_call(
            right_permute_kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid_spec=pltpu.PrefetchScalarGridSpec(
                num_scalar_prefetch=0,
                in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
                out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
                scratch_shapes=[pltpu.SemaphoreType.DMA] * 2),
        )(x)
        return out * self.scale


mesh = Mesh(jax.devices(), ("x",))
module = Permuter(jnp.float32(2.0))

sharded = shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"),
                    check_vma=False)
x = jnp.ones((NUM * 8, 128))
lowered = jax.jit(sharded).trace(module, x).lower(lowering_platforms=("tpu",))
print("lowered")
