import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P
import flax.linen as nn


def swap_kernel(x_ref, y_ref):
    def body(ready_sem, send_sem, recv_sem):
        other_dev_id = 1 - lax.axis_index("x")
        pl.semaphore_signal(ready_sem, device_id=other_dev_id,
                            device_id_type=pl.DeviceIdType.LOGICAL)
        pl.semaphore_wait(ready_sem)
        copy_done = pltpu.async_remote_copy(
            x_ref, y_ref, send_sem, recv_sem, other_dev_id,
            device_id_type=pl.DeviceIdType.LOGICAL,
        )
        copy_done.wait_send()
        copy_done.wait_recv()

    pl.run_scoped(body, pltpu.SemaphoreType.REGULAR, pltpu.SemaphoreType.DMA,
                  pltpu.SemaphoreType.DMA)


class PairSwap(nn.Module):
    """Adds a learned bias, then swaps the halves held by the two devices."""

    @nn.compact
    def __call__(self, x):
        x = x + self.param("bias", nn.initializers.zeros, (x.shape[-1],))
        if self.is_initializing():
            return x
        return pl.pallas_call(
            swap_kernel,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            out_shape=jax.ShapeDtypeStruct(
                (8, 128), jnp.float32,
                manual_axis_type=jax.sharding.ManualAxisType(varying={"x"})),
        )(x)


model = PairSwap()
mesh = Mesh(jax.devices()[:2], ["x"])


def body(params, x):
    return model.apply({"params": params}, x)


if __name__ == "__main__":
    x = jnp.arange(2 * 8 * 128.0).reshape((2 * 8, 128))
    params = model.init(jax.random.key(0), x[:8])["params"]
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x")))
    print(f.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
