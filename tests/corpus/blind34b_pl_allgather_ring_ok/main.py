import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from kernels.gather import make_all_gather

N = 4
mesh = jax.make_mesh((N,), ('x',), axis_types=(jax.sharding.AxisType.Auto,))
all_gather = make_all_gather((8, 128), jnp.float32, 'x', N)

gathered = jax.jit(jax.shard_map(all_gather, mesh=mesh, in_specs=P('x', None),
                                 out_specs=P('x', None), check_vma=False))
x = jnp.ones((8 * N, 128), jnp.float32)
print(gathered.trace(x).lower(lowering_platforms=('tpu',)).as_text()[:40])
