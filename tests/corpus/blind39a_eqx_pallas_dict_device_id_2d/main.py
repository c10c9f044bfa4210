import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
MODEL = 2


def swap_model_halves_kernel(x_ref, o_ref, send_sem, recv_sem):
    partner = 1 - jax.lax.axis_index("model")
    copy = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id={"model": partner}, device_id_type=pl.DeviceIdType.MESH,
    )
    copy.start()
    copy.wait()


def swap_model_halves(x):
    return pl.pallas_call(
        swap_model_halves_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )(x)


class SwapMix(eqx.Module):
    lin: eqx.nn.Linear

    def __call__(self, x):
        return jax.vmap(self.lin)(x) + swap_model_halves(x)


mix = SwapMix(eqx.nn.Linear(128, 128, key=jax.random.key(0)))
params, static = eqx.partition(mix, eqx.is_array)


@eqx.filter_jit
@ft.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data", "model")), out_specs=P("data", "model"), check_vma=False)
def forward(params, x):
    return eqx.combine(params, static)(x)


x = jax.device_put(jnp.ones((16, 256), jnp.float32), jax.NamedSharding(mesh, P("data", "model")))
params = jax.device_put(params, jax.NamedSharding(mesh, P()))
print(jax.jit(forward).trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:80])
