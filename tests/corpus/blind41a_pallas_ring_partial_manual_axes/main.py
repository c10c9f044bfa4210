import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('dp', 'ring'))
RING = mesh.shape['ring']


def kernel(x_ref, o_ref, send_sem, recv_sem):
  me = jax.lax.axis_index('ring')
  dst = jax.lax.rem(me + 1, RING)
  cp = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(0, dst),
                                    device_id_type=pl.DeviceIdType.MESH)
  cp.start()
  cp.wait()


def rotate(x):
  return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                        out_specs=pl.BlockSpec(memory_space=pl.ANY),
                        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2)(x)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P('ring'), out_specs=P('ring'),
                   axis_names={'ring'}, check_vma=False)
def ring_rotate(x):
  return rotate(x)


x = jax.device_put(jnp.ones((16, 128), jnp.float32), NamedSharding(mesh, P('ring')))
ring_rotate.trace(x).lower(lowering_platforms=('tpu',))
print('ok')
