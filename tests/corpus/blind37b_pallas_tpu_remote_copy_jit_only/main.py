import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels.permute import right_permute

n = jax.device_count()
mesh = jax.make_mesh((n,), ('x',))
x = jax.device_put(jnp.arange(8 * 128 * n, dtype=jnp.float32).reshape(8, 128 * n),
                   NamedSharding(mesh, P(None, 'x')))


@jax.jit
def step(x):
  return right_permute(x, axis_name='x', n=n) * 2.0


print(step.trace(x).lower(lowering_platforms=('tpu',)).as_text()[:40])
