import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels.matmul import matmul

mesh = Mesh(np.array(jax.devices()), ('batch',))
H, D = 4, 256

x = jax.device_put(jnp.ones((H, 512, D), jnp.bfloat16), NamedSharding(mesh, P(None, 'batch')))
w = jax.device_put(jnp.ones((H, D, D), jnp.bfloat16), NamedSharding(mesh, P()))


@jax.jit
@jax.shard_map(mesh=mesh, in_specs=(P(None, 'batch'), P()), out_specs=P(None, 'batch'),
               check_vma=False)
def per_head_proj(x, w):
  return jax.vmap(lambda xh, wh: matmul(xh, wh, bm=128, bk=256, bn=128))(x, w)


print(per_head_proj.trace(x, w).lower(lowering_platforms=('tpu',)).as_text()[:40])
