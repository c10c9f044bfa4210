import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import parallel

mesh = jax.make_mesh((2, 2), parallel.MESH_AXES)
data_ax, model_ax = mesh.axis_names


def matmul_psum(a, b):
    c = parallel.row_parallel_matmul(a, b)
    return parallel.mean_over_data(c.sum(keepdims=True))


f = jax.jit(jax.shard_map(matmul_psum, mesh=mesh,
                          in_specs=(P(data_ax, model_ax), P(model_ax, None)),
                          out_specs=P()))
a = jnp.arange(8 * 16.0).reshape(8, 16)
b = jnp.arange(16 * 4.0).reshape(16, 4)
a = jax.device_put(a, NamedSharding(mesh, P(data_ax, model_ax)))
b = jax.device_put(b, NamedSharding(mesh, P(model_ax, None)))
print(f.trace(a, b).lower(lowering_platforms=("cuda",)).as_text()[:40])
