import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P
import flax.linen as nn

ROOT = 0


def send_to_root_kernel(x_ref, o_ref, send_sem, recv_sem):
    # every shard pushes its block into the root's output buffer
    dma = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(ROOT,), device_id_type=pl.DeviceIdType.MESH,
    )
    dma.start()
    dma.wait()


class ToRoot(nn.Module):
    @nn.compact
    def __call__(self, x):
        if self.is_initializing():
            return x
        return pl.pallas_call(
            send_to_root_kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
        )(x)


mesh = Mesh(np.array(jax.devices()), ("x",))
model = ToRoot()
x = jnp.ones((32, 128), jnp.float32)
variables = model.init(jax.random.PRNGKey(0), x[:8])
fwd = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"), check_vma=False))
print(fwd.trace(variables, x).lower(lowering_platforms=("tpu",)).as_text()[:40])
