"""Right permute along `y` on a 2x2 (x, y) mesh: the shard_map is manual over `y` only
(axis_names={"y"}), so `x` stays automatic."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("x", "y"))


def permute_y_kernel(x_ref, o_ref, send_sem, recv_sem):
    right = lax.rem(lax.axis_index("y") + 1, 2)
    copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id={"y": right},
                                        device_id_type=pl.DeviceIdType.MESH)
    copy.start()
    copy.wait()


def permute_y(x):
    return pl.pallas_call(
        permute_y_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(x)


f = jax.jit(jax.shard_map(permute_y, mesh=mesh, in_specs=P(None, "y"), out_specs=P(None, "y"),
                          axis_names={"y"}, check_vma=False))
f.trace(jax.ShapeDtypeStruct((16, 256), jnp.float32)).lower(lowering_platforms=("tpu",))
