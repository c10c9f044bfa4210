import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P
from flax import nnx

N = 4


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
    right_neighbor = lax.rem(lax.axis_index("x") + 1, N)
    copy = pltpu.make_async_remote_copy(
        src_ref=input_ref, dst_ref=output_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right_neighbor,), device_id_type=pltpu.DeviceIdType.MESH)
    copy.start()
    copy.wait()


def right_permute(x):
    return pl.pallas_call(
        right_permute_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype, vma=jax.typeof(x).vma),
        in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
        out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )(x)


class ShiftAdd(nnx.Module):
    def __init__(self, d, rngs):
        self.lin = nnx.Linear(d, d, rngs=rngs)
        self.mesh = Mesh(np.array(jax.devices()), ("x",))

    def __call__(self, x):
        y = self.lin(x)
        return y + jax.shard_map(right_permute, mesh=self.mesh, in_specs=P("x"), out_specs=P("x"))(y)


model = ShiftAdd(128, nnx.Rngs(0))


@nnx.jit
def fwd(model, x):
    return model(x)


x = jnp.ones((32, 128))
print(fwd.trace(model, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
