# Exported from notebook: tp_mlp.ipynb
# %%
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

# %%
# first try: 1D mesh, everything sharded over "x"
mesh = Mesh(np.array(jax.devices()), ("x",))

def mlp_block(x, w1, w2):
    h = jax.nn.relu(x @ w1)
    out = h @ w2
    return jax.lax.psum(out, "x")

x = jnp.ones((8, 16))
w1 = jnp.ones((16, 32))
w2 = jnp.ones((32, 16))

mlp_1d = jax.shard_map(mlp_block, mesh=mesh,
                       in_specs=(P(), P(None, "x"), P("x", None)), out_specs=P())
print(jax.jit(mlp_1d).trace(x, w1, w2).lower(lowering_platforms=("cuda",)).as_text()[:40])

# %%
# 2D mesh for data x tensor parallel; same name, new axes
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

def mlp_block(x, w1, w2):
    h = jax.nn.relu(x @ w1)
    out = h @ w2
    return jax.lax.psum(out, "model")

mlp = jax.shard_map(
    mlp_block,
    mesh=mesh,
    in_specs=(P("data", None), P(None, "model"), P("model", None)),
    out_specs=P("data", None),
)

# %%
print(jax.jit(mlp).trace(x, w1, w2).lower(lowering_platforms=("cuda",)).as_text()[:40])
# the 1D version still works, it closed over the first mesh
print(jax.jit(mlp_1d).trace(x, w1, w2).lower(lowering_platforms=("cuda",)).as_text()[:40])
