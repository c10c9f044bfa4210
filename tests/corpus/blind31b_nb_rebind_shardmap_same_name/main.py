# Exported from notebook: shard_map_scratch.ipynb
# %% [markdown]
# # Data-parallel matmul with shard_map

# %%
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))
print(mesh)

# %%
# per-device block of the computation
def matmul_sum(a, b):
    c = a @ b
    return jax.lax.psum(c, "data")

# %%
a = jnp.ones((8, 16), jnp.float32)
b = jnp.ones((16, 4), jnp.float32)

# %%
# wrap it (same name, so the cells below keep working)
matmul_sum = jax.shard_map(
    matmul_sum, mesh=mesh, in_specs=(P(None, "data"), P("data", None)), out_specs=P()
)

# %%
a = jax.device_put(a, jax.NamedSharding(mesh, P(None, "data")))
b = jax.device_put(b, jax.NamedSharding(mesh, P("data", None)))

# %%
lowered = jax.jit(matmul_sum).trace(a, b).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:80])
