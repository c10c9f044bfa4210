"""Right permute with the Pallas names imported directly (`import jax.experimental.pallas as pl`,
`from jax.experimental.pallas.tpu import ...`), prototyped with vmap(axis_name="ici") in place
of shard_map."""
import jax
import jax.experimental.pallas as pl
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas.tpu import PrefetchScalarGridSpec, SemaphoreType
from jax.experimental.pallas.tpu import make_async_remote_copy as remote_copy
from jax.lax import axis_index
from jax.sharding import Mesh

mesh = Mesh(np.asarray(jax.devices()), ("ici",))
N = mesh.size


def kernel(x_ref, o_ref, send_sem, recv_sem):
    peer = (axis_index("ici") + 1) % N
    dma = remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(peer,),
                      device_id_type=pl.DeviceIdType.MESH)
    dma.start()
    dma.wait()


def permute(x):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid_spec=PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            scratch_shapes=[SemaphoreType.DMA, SemaphoreType.DMA],
        ),
    )(x)


f = jax.jit(jax.vmap(permute, axis_name="ici"))
f.trace(jax.ShapeDtypeStruct((N, 8, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
