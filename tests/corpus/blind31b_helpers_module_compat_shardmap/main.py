# Exported from notebook: ring_allreduce.ipynb
# %%
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from nb_utils import sharded, ring_allreduce

mesh = Mesh(jax.devices(), ("ring",))

# %%
@jax.jit
@sharded(mesh, in_specs=P("ring"), out_specs=P("ring"))
def allreduce(x):
    return ring_allreduce(x, "ring")

# %%
x = jnp.arange(16.0).reshape(4, 4)
print(allreduce.trace(x).lower(lowering_platforms=("cuda",)).as_text()[:60])
