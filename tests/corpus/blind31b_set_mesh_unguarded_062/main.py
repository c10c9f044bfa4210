# Exported from notebook: sharding_in_types_try.ipynb
# %%
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding

# %%
mesh = jax.make_mesh((4,), ("i",))

def allreduce_sum(x):
    return jax.lax.psum(jnp.sum(x, axis=0, keepdims=True), "i")

# %%
x = jnp.arange(32.0).reshape(16, 2)
with jax.set_mesh(mesh):
    f = jax.jit(jax.shard_map(allreduce_sum, in_specs=P("i"), out_specs=P()))
    lowered = f.trace(x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
