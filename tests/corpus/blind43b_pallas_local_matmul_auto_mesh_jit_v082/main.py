import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from kernels.matmul import matmul

mesh = Mesh(np.array(jax.devices()), ('batch',))

x = jnp.ones((512, 1024), dtype=jnp.bfloat16)
w = jnp.ones((1024, 256), dtype=jnp.bfloat16)
x = jax.device_put(x, NamedSharding(mesh, PartitionSpec('batch')))
w = jax.device_put(w, NamedSharding(mesh, PartitionSpec()))


def step(x, w):
  h = matmul(x, w, bm=128, bk=512, bn=128)
  return jax.nn.relu(h).sum(axis=-1)


step = jax.jit(step)
print(step.trace(x, w).lower(lowering_platforms=('tpu',)).as_text()[:40])
