import jax
import jax.numpy as jnp

from kernels.matmul import matmul

k1, k2 = jax.random.split(jax.random.key(0))
x = jax.random.normal(k1, (512, 1024), dtype=jnp.bfloat16)
w = jax.random.normal(k2, (1024, 256), dtype=jnp.bfloat16)


def mlp_block(x, w):
  return jax.nn.gelu(matmul(x, w, bm=256, bk=512, bn=128))


step = jax.jit(mlp_block)
print(step.trace(x, w).lower(lowering_platforms=('tpu',)).as_text()[:40])
