import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

import equinox as eqx


def _swap_kernel(peer_ref, x_ref, o_ref, send_sem, recv_sem):
    copy = pltpu.make_async_remote_copy(
        src_ref=x_ref,
        dst_ref=o_ref,
        send_sem=send_sem,
        recv_sem=recv_sem,
        device_id=peer_ref[0],
        device_id_type=pltpu.DeviceIdType.LOGICAL,
    )
    copy.start()
    copy.wait()


def pair_swap(peer, x):
    return pl.pallas_call(
        _swap_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        ),
    )(peer, x)


class SwapMixer(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, dim, key):
        self.linear = eqx.nn.Linear(dim, dim, use_bias=False, key=key)

    def __call__(self, peer, x):
        h = jax.vmap(self.linear)(x)
        return h + pair_swap(peer, h)
