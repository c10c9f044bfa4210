import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import NamedSharding, PartitionSpec as P
import flax.linen as nn

NUM_DEVICES = 4
mesh = jax.make_mesh((NUM_DEVICES,), ("ring",))


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
    my_id = lax.axis_index("ring")
    right_neighbor = lax.rem(my_id + 1, NUM_DEVICES)
    remote_copy_op = pltpu.make_async_remote_copy(
        src_ref=input_ref,
        dst_ref=output_ref,
        send_sem=send_sem,
        recv_sem=recv_sem,
        device_id=(right_neighbor,),
        device_id_type=pltpu.DeviceIdType.MESH,
    )
    remote_copy_op.start()
    remote_copy_op.wait()


def right_permute(x):
    grid_spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=0,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )
    return pl.pallas_call(
        right_permute_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid_spec=grid_spec,
    )(x)


class RingBlock(nn.Module):
    features: int = 128

    def setup(self):
        self.proj = nn.Dense(self.features)

    def ring_shift(self, x):
        return right_permute(self.proj(x))

    def __call__(self, x):
        return x + self.ring_shift(x)


model = RingBlock()
x = jnp.ones((NUM_DEVICES * 8, 128), jnp.float32)
params = model.init(jax.random.PRNGKey(0), x[:8], method=lambda m, v: m.proj(v))


@jax.jit
@functools.partial(
    jax.shard_map, mesh=mesh, in_specs=(P(), P("ring")), out_specs=P("ring"), check_vma=False
)
def train_forward(params, x):
    return model.apply(params, x)


@jax.jit
@functools.partial(
    jax.shard_map, mesh=mesh, in_specs=(P(), P("ring")), out_specs=P("ring"), check_vma=False
)
def eval_shift(params, x):
    return model.apply(params, x, method=RingBlock.ring_shift)


x = jax.device_put(x, NamedSharding(mesh, P("ring")))

if __name__ == "__main__":
    print(train_forward.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:40])
    print(eval_shift.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:40])
