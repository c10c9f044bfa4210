import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from routed_send import routed_send

n = jax.local_device_count()
mesh = Mesh(np.array(jax.devices()), ('x',))
# device i sends its block to device (i + 1) % n
routes = jnp.asarray(np.roll(np.arange(n, dtype=np.int32), -1))
blocks = jnp.arange(n * 8 * 128, dtype=jnp.float32).reshape(n * 8, 128)

shift = jax.jit(
    shard_map(routed_send, mesh=mesh, in_specs=(P('x'), P('x')),
              out_specs=P('x'), check_rep=False)
)

print(shift.trace(routes, blocks).lower(lowering_platforms=('tpu',)).as_text()[:40])
