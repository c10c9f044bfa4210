"""Shape check of a LOGICAL-id send kernel with jax.eval_shape before it is wired into the
model (eval_shape traces the pallas_call but never lowers it)."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def send_to_peer(x_ref, o_ref, send_sem, recv_sem):
    peer = (pl.program_id(0) + 1) % 4
    copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=peer,
                                        device_id_type=pl.DeviceIdType.LOGICAL)
    copy.start()
    copy.wait()


def send(x):
    return pl.pallas_call(
        send_to_peer,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        grid=(1,),
    )(x)


out = jax.eval_shape(send, jax.ShapeDtypeStruct((8, 128), jnp.float32))
assert out.shape == (8, 128)
