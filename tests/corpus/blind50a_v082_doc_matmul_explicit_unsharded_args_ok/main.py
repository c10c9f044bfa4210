import jax
import jax.numpy as jnp

from layers import matmul_basic

Explicit = jax.sharding.AxisType.Explicit

mesh = jax.make_mesh((2, 2), ('x', 'y'), axis_types=(Explicit,) * 2)
jax.set_mesh(mesh)

a = jnp.arange(8 * 16.).reshape(8, 16)
b = jnp.arange(16 * 4.).reshape(16, 4)

step = jax.jit(matmul_basic)
print(step.trace(a, b).lower(lowering_platforms=('cuda',)).as_text()[:40])
