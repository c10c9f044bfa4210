import functools

import jax
from jax.sharding import NamedSharding, PartitionSpec as P

from ring import BLOCK_SIZE, pallas_reduce_scatter

num_devices = jax.local_device_count()
mesh = jax.make_mesh((num_devices,), ('x',))

input_arr = jax.random.uniform(
    jax.random.key(0),
    shape=(BLOCK_SIZE[0] * num_devices, BLOCK_SIZE[1] * num_devices),
)
input_arr = jax.device_put(input_arr, NamedSharding(mesh, P(None, 'x')))

shard = functools.partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=P(None, 'x'),
    out_specs=P('x', None),
    check_vma=False,
)
reduce_scatter = jax.jit(
    shard(functools.partial(pallas_reduce_scatter, num_devices=num_devices))
)

print(reduce_scatter.trace(input_arr).lower(lowering_platforms=('tpu',)).as_text()[:40])
