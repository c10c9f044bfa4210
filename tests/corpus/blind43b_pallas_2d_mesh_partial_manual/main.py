import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from comm import shift_along_x

axis_size = jax.device_count() // 2
x = jnp.arange(2 * axis_size * 8 * 128, dtype=jnp.float32).reshape((2, axis_size * 8, 128))

device_mesh = mesh_utils.create_device_mesh((2, axis_size), jax.devices())
mesh = Mesh(device_mesh, ['y', 'x'])
x = jax.device_put(x, NamedSharding(mesh, P('y', 'x', None)))

# 'y' is plain data parallelism: let XLA partition it, only 'x' is manual.
shifted = jax.jit(
    jax.shard_map(
        lambda blk: jnp.stack([shift_along_x(b) for b in blk]),
        mesh=mesh,
        in_specs=P(None, 'x', None),
        out_specs=P(None, 'x', None),
        axis_names={'x'},
        check_vma=False,
    )
)

print(shifted.trace(x).lower(lowering_platforms=('tpu',)).as_text()[:40])
