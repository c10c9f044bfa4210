import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
MODEL = mesh.shape["model"]


def permute_kernel(x_ref, o_ref, send_sem, recv_sem):
    me = lax.axis_index("model")
    nxt = lax.rem(me + 1, MODEL)
    cp = pltpu.make_async_remote_copy(src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem,
                                      recv_sem=recv_sem, device_id={"model": nxt},
                                      device_id_type=pltpu.DeviceIdType.MESH)
    cp.start()
    cp.wait()


def model_axis_permute(x):
    return pl.pallas_call(
        permute_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )(x)


class CollectiveDense(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features)(x)
        permute = jax.shard_map(model_axis_permute, mesh=mesh, in_specs=P(None, "model"),
                                out_specs=P(None, "model"), axis_names={"model"}, check_vma=False)
        return y + permute(y)


model = CollectiveDense(256)
x = jnp.ones((16, 256))


@jax.jit
def init_and_apply(key, x):
    variables = model.init(key, x)
    return model.apply(variables, x)


print(init_and_apply.trace(jax.random.PRNGKey(0), x).lower(lowering_platforms=("tpu",)).as_text()[:20])
