import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from ring_vmem import pass_right

n = jax.device_count()
mesh = Mesh(jax.devices(), ('x',))
micro = jnp.ones((4, n * 8, 128), jnp.float32)

rotate_all = jax.jit(
    jax.shard_map(jax.vmap(pass_right), mesh=mesh,
                  in_specs=P(None, 'x'), out_specs=P(None, 'x'), check_vma=False)
)
print(rotate_all.trace(micro).lower(lowering_platforms=('tpu',)).as_text()[:40])
