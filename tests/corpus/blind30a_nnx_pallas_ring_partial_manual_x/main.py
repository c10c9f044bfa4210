import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P
from flax import nnx


def ring_kernel(x_ref, y_ref):
    def body(ready_sem, send_sem, recv_sem):
        my_x = lax.axis_index("x")
        neighbor_x = lax.rem(my_x + 1, lax.axis_size("x"))
        device_id = {"x": neighbor_x}
        pl.semaphore_signal(ready_sem, device_id=device_id)
        pl.semaphore_wait(ready_sem)
        copy_done = pltpu.async_remote_copy(x_ref, y_ref, send_sem, recv_sem,
                                            device_id=device_id)
        copy_done.wait_send()
        copy_done.wait_recv()

    pl.run_scoped(body, pltpu.SemaphoreType.REGULAR, pltpu.SemaphoreType.DMA,
                  pltpu.SemaphoreType.DMA)


def ring_shift(x):
    return pl.pallas_call(
        ring_kernel,
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        out_shape=x,
    )(x)


class ShiftedEmbed(nnx.Module):
    def __init__(self, vocab, dim, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)

    def __call__(self, ids):
        return ring_shift(self.embed(ids))


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ["y", "x"])


@nnx.jit
def forward(model, ids):
    graphdef, state = nnx.split(model)
    return jax.shard_map(lambda s, ids: nnx.merge(graphdef, s)(ids), mesh=mesh,
                         in_specs=(P(), P("x", None)), out_specs=P("x", None),
                         check_vma=False, axis_names=frozenset({"x"}))(state, ids)


if __name__ == "__main__":
    model = ShiftedEmbed(100, 128, nnx.Rngs(0))
    ids = jnp.zeros((2 * 8, 1), jnp.int32)
    out = forward.trace(model, ids).lower(lowering_platforms=("tpu",))
    print(out.as_text()[:20])
