# Exported from notebook: tp_mlp.ipynb
# %%
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
import numpy as np

# %%
# first try: 1D mesh, everything sharded over "x"
mesh = Mesh(np.array(jax.devices()), ("x",))

def mlp_block(x, w1, w2):
    h = jax.nn.relu(x @ w1)
    out = h @ w2
    return jax.lax.psum(out, "x")

# %%
# 2D mesh for data x tensor parallel
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

# %%
x = jnp.ones((8, 16))
w1 = jnp.ones((16, 32))
w2 = jnp.ones((32, 16))

mlp = jax.shard_map(
    mlp_block,
    mesh=mesh,
    in_specs=(P("data", None), P(None, "model"), P("model", None)),
    out_specs=P("data", None),
)

# %%
print(jax.jit(mlp).trace(x, w1, w2).lower(lowering_platforms=("cuda",)).as_text()[:60])
