"""Sequence-sharded NNX conv block whose halo (the previous shard's last rows) arrives through a
Pallas right-permute kernel; the model runs under nnx.shard_map over 'seq'."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

N = 4
HALO, D = 8, 128


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
    my_id = lax.axis_index("seq")
    right_neighbor = lax.rem(my_id + 1, N)
    remote_copy_op = pltpu.make_async_remote_copy(
        src_ref=input_ref, dst_ref=output_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right_neighbor,), device_id_type=pl.DeviceIdType.MESH)
    remote_copy_op.start()
    remote_copy_op.wait()


def right_permute(x):
    grid_spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=0,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2)
    return pl.pallas_call(right_permute_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                          grid_spec=grid_spec)(x)


class HaloMixer(nnx.Module):
    def __init__(self, rngs):
        self.mix = nnx.Linear(2 * D, D, rngs=rngs)

    def __call__(self, x):
        halo = right_permute(x[-HALO:])
        prev = jnp.concatenate([halo, x[:-HALO]], axis=0)
        return self.mix(jnp.concatenate([x, prev], axis=-1))


mesh = Mesh(jax.devices(), ("seq",))
model = HaloMixer(nnx.Rngs(0))


@nnx.jit
def forward(model, x):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("seq")), out_specs=P("seq"), check_vma=False)
    def per_shard(model, x):
        return model(x)

    return per_shard(model, x)


x = jnp.ones((N * 64, D))
lowered = forward.trace(model, x).lower(lowering_platforms=("tpu",))
print("lowered")
