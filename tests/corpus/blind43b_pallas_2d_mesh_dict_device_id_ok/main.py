import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P

from comm import shift_along_x

axis_size = jax.device_count() // 2
x = jnp.arange(axis_size * 8 * 128, dtype=jnp.float32).reshape((axis_size * 8, 128))

device_mesh = mesh_utils.create_device_mesh((2, axis_size), jax.devices())
mesh = Mesh(device_mesh, ['y', 'x'])

shifted = jax.jit(
    jax.shard_map(
        shift_along_x,
        mesh=mesh,
        in_specs=P('x', None),
        out_specs=P('x', None),
        check_vma=False,
    )
)

print(shifted.trace(x).lower(lowering_platforms=('tpu',)).as_text()[:40])
