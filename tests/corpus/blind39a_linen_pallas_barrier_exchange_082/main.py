import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

N = 4
mesh = Mesh(np.array(jax.devices()[:N]), ("ring",))


def neighbour_exchange_kernel(x_ref, left_ref, right_ref, send_sems, recv_sems):
    me = jax.lax.axis_index("ring")
    left = jax.lax.rem(me - 1 + N, N)
    right = jax.lax.rem(me + 1, N)

    # make sure both neighbours entered the kernel before writing into their buffers
    barrier = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier, device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_signal(barrier, device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier, 2)

    to_right = pltpu.make_async_remote_copy(
        x_ref, left_ref, send_sems.at[0], recv_sems.at[0], device_id=(right,),
        device_id_type=pltpu.DeviceIdType.MESH)
    to_left = pltpu.make_async_remote_copy(
        x_ref, right_ref, send_sems.at[1], recv_sems.at[1], device_id=(left,),
        device_id_type=pltpu.DeviceIdType.MESH)
    to_right.start()
    to_left.start()
    to_right.wait()
    to_left.wait()


def neighbour_exchange(x):
    spec = pl.BlockSpec(memory_space=pltpu.ANY)
    return pl.pallas_call(
        neighbour_exchange_kernel,
        out_shape=(jax.ShapeDtypeStruct(x.shape, x.dtype),) * 2,
        in_specs=[spec],
        out_specs=(spec, spec),
        scratch_shapes=[pltpu.SemaphoreType.DMA((2,)), pltpu.SemaphoreType.DMA((2,))],
        compiler_params=pltpu.CompilerParams(collective_id=0),
    )(x)


class Conv1DHalo(nn.Module):
    features: int = 128

    @nn.compact
    def __call__(self, x):
        from_left, from_right = neighbour_exchange(x)
        h = jnp.concatenate([from_left[-1:], x, from_right[:1]], axis=0)
        return nn.Conv(self.features, kernel_size=(3,), padding="VALID")(h[None])[0]


model = Conv1DHalo()


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("ring")), out_specs=P("ring"), check_vma=False)
def forward(params, x):
    return model.apply({"params": params}, x)


# the halo exchange only runs under shard_map, so build the conv params on their own
params = jax.eval_shape(lambda: nn.Conv(128, (3,)).init(jax.random.key(0), jnp.ones((1, 10, 128))))["params"]
params = {"Conv_0": jax.tree.map(lambda s: jnp.zeros(s.shape, s.dtype), params)}
x = jnp.ones((N * 8, 128), jnp.float32)
print(forward.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:80])
