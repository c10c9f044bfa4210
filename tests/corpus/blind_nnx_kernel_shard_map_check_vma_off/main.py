"""An NNX module whose forward pass right-permutes its activations with a remote-DMA Pallas
kernel, wrapped in nnx.shard_map with check_vma=False."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ("x",))


def right_permute_kernel(x_ref, o_ref, send_sem, recv_sem):
    right = lax.rem(lax.axis_index("x") + 1, 4)
    copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(right,),
                                        device_id_type=pl.DeviceIdType.MESH)
    copy.start()
    copy.wait()


def right_permute(x):
    return pl.pallas_call(
        right_permute_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(x)


class ShiftMix(nnx.Module):
    def __init__(self, d, rngs):
        self.proj = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return self.proj(x) + right_permute(x)


model = ShiftMix(128, nnx.Rngs(0))


@nnx.jit
def forward(model, x):
    return nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"),
                         check_vma=False)(model, x)


forward.trace(model, jnp.ones((32, 128))).lower(lowering_platforms=("tpu",))
