import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels.matmul import matmul

mesh = jax.make_mesh((jax.device_count(),), ('data',))

k1, k2 = jax.random.split(jax.random.key(0))
x = jax.random.normal(k1, (512, 1024), dtype=jnp.bfloat16)
w = jax.random.normal(k2, (1024, 256), dtype=jnp.bfloat16)
# data parallel: split the batch, replicate the weights
x = jax.device_put(x, NamedSharding(mesh, P('data', None)))
w = jax.device_put(w, NamedSharding(mesh, P()))


def mlp_block(x, w):
  return jax.nn.gelu(matmul(x, w, bm=128, bk=512, bn=128))


step = jax.jit(mlp_block)
print(step.trace(x, w).lower(lowering_platforms=('tpu',)).as_text()[:40])
