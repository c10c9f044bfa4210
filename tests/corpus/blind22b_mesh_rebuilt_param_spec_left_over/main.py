# %% [markdown]
# # FSDP vs pure DP sweep (exported from a notebook)

# %%
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = np.array(jax.devices())

# %%
# first experiment: 2-D mesh, weights sharded over "model"
mesh = Mesh(devices.reshape(2, 2), ("data", "model"))
w_spec = P(None, "model")
x_spec = P("data", None)

# %%
# second experiment: pure data parallel -- rebuild the mesh
mesh = Mesh(devices, ("data",))
x_spec = P("data")

# %%
def forward(w, x):
  return jnp.tanh(x @ w).sum()

grad_fn = jax.jit(
    jax.grad(forward),
    in_shardings=(NamedSharding(mesh, w_spec), NamedSharding(mesh, x_spec)),
    out_shardings=NamedSharding(mesh, w_spec),
)

# %%
w = jnp.ones((256, 512))
x = jnp.ones((32, 256))
grad_fn.trace(w, x).lower(lowering_platforms=("cuda",))
