import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import AxisType, PartitionSpec as P

DP, TP = 2, 2
mesh = jax.make_mesh((DP, TP), ("dp", "tp"), axis_types=(AxisType.Auto, AxisType.Auto))


def tp_right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
    my_id = lax.axis_index("tp")
    right_neighbor = lax.rem(my_id + 1, TP)
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


def tp_right_permute(x):
    return pl.pallas_call(
        tp_right_permute_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
        ),
    )(x)


class TPShiftLinear(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, d, key):
        self.linear = eqx.nn.Linear(d, d, key=key)

    def __call__(self, x):
        y = jax.vmap(self.linear)(x)
        shift = jax.shard_map(tp_right_permute, mesh=mesh, in_specs=P("dp", "tp"),
                              out_specs=P("dp", "tp"), check_vma=False)
        return y + shift(y)


layer = TPShiftLinear(256, jax.random.PRNGKey(0))
params, static = eqx.partition(layer, eqx.is_array)


@jax.jit
def fwd(params, x):
    return eqx.combine(params, static)(x)


x = jnp.ones((16, 256))
print(fwd.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
