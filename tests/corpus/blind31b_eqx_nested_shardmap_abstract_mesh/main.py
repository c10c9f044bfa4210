# Exported from notebook: eqx_tp_layer.ipynb
# %%
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

# %%
class RowParallelLinear(eqx.Module):
    weight: jax.Array

    def __init__(self, din, dout, key):
        self.weight = jr.normal(key, (din, dout)) / np.sqrt(din)

    def __call__(self, x):
        return x @ self.weight

# %%
def tp_matmul(w, x):
    return jax.lax.psum(x @ w, "model")

# a tensor-parallel layer that works on its own
tp_matmul_top = jax.shard_map(tp_matmul, mesh=mesh, in_specs=(P("model", None), P(None, "model")),
                              out_specs=P(), axis_names={"model"})

# nested use: take the mesh from context (the outer shard_map's abstract mesh)
def tp_matmul_nested(w, x):
    return jax.shard_map(tp_matmul, mesh=jax.sharding.get_abstract_mesh(),
                         in_specs=(P("model", None), P(None, "model")),
                         out_specs=P(), axis_names={"model"})(w, x)

# %%
layer = RowParallelLinear(16, 16, jr.key(0))

def dp_step(w, x):
    y = tp_matmul_nested(w, x)
    return jax.lax.pmean(jnp.mean(y ** 2), "data")

dp_step = jax.shard_map(dp_step, mesh=mesh, in_specs=(P(), P("data")), out_specs=P(),
                        axis_names={"data"})

# %%
x = jnp.ones((8, 16))
print(jax.jit(tp_matmul_top).trace(layer.weight, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
print(jax.jit(dp_step).trace(layer.weight, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
