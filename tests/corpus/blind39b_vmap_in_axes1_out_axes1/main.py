import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)


def normalize(col):
    # one example stored as a column
    return (col - col.mean()) / (col.std() + 1e-6)


normalize_batch = jax.vmap(normalize, in_axes=1, out_axes=1)

# feature-major layout: (features, batch), batch split over 'data'
x = jax.device_put(jnp.ones((64, 8)), NamedSharding(mesh, P(None, "data")))
out = jax.jit(normalize_batch).trace(x).lower(lowering_platforms=("cuda",))
print(out.out_info.sharding if hasattr(out.out_info, "sharding") else out.out_info)
