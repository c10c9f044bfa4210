"""Equinox context-parallel block on a (data, model) mesh; the model-axis neighbour exchange is a
Pallas remote copy addressed with a MESH device id."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

DATA, MODEL = 2, 2


def send_right_kernel(x_ref, o_ref, send_sem, recv_sem):
    me = lax.axis_index("model")
    dst = lax.rem(me + 1, MODEL)
    cp = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                      device_id=(dst,), device_id_type=pl.DeviceIdType.MESH)
    cp.start()
    cp.wait()


def send_right(x):
    return pl.pallas_call(
        send_right_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(x)


class RingBlock(eqx.Module):
    proj: eqx.nn.Linear

    def __call__(self, x):
        h = jax.vmap(self.proj)(x)
        return h + send_right(h)


devices = np.array(jax.devices()).reshape(DATA, MODEL)
mesh = Mesh(devices, ("data", "model"))
block = RingBlock(eqx.nn.Linear(128, 128, key=jax.random.key(0)))
params, static = eqx.partition(block, eqx.is_array)


@jax.jit
def forward(params, x):
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data", "model")),
                       out_specs=P("data", "model"), check_vma=False)
    def body(params, x):
        return eqx.combine(params, static)(x)

    return body(params, x)


x = jnp.ones((DATA * 16, MODEL * 128))
lowered = forward.trace(params, x).lower(lowering_platforms=("tpu",))
print("lowered")
