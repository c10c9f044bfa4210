import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
import jax.experimental.pallas.tpu as pltpu
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

MESH = jax.make_mesh((2, 2), ("dp", "tp"), axis_types=(AxisType.Auto,) * 2)
TP = MESH.shape["tp"]


def tp_shift_kernel(x_ref, o_ref, send_sem, recv_sem):
    right = lax.rem(lax.axis_index("tp") + 1, TP)
    dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                       device_id={"model": right},
                                       device_id_type=pltpu.DeviceIdType.MESH)
    dma.start()
    dma.wait()


def tp_shift(x):
    return pl.pallas_call(
        tp_shift_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(x)


class TPShift(nnx.Module):
    def __init__(self, d, rngs):
        self.lin = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        y = self.lin(x)
        return y + jax.shard_map(tp_shift, mesh=MESH, in_specs=P("dp", "tp"),
                                 out_specs=P("dp", "tp"), check_vma=False)(y)


model = TPShift(256, nnx.Rngs(0))


@nnx.jit
def fwd(model, x):
    return model(x)


x = jnp.ones((16, 256))
print(fwd.trace(model, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
