# Exported from notebook: dp_mlp.ipynb
# %%
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P, NamedSharding

mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Explicit,))

# %%
def loss_fn(w, x, y):
    pred = jnp.tanh(x @ w)
    return lax.pmean(jnp.mean((pred - y) ** 2), "batch")

# %%
loss_fn = jax.shard_map(loss_fn, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=P())

# %%
# v2: add an L2 term (cell edited and re-run)
def loss_fn(w, x, y):
    pred = jnp.tanh(x @ w)
    mse = lax.pmean(jnp.mean((pred - y) ** 2), "batch")
    return mse + 1e-4 * jnp.sum(w ** 2)

# %%
w = jnp.zeros((32, 8))
x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P("batch")))
y = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P("batch")))
w = jax.device_put(w, NamedSharding(mesh, P()))

# %%
grad_fn = jax.jit(jax.grad(loss_fn))
print(grad_fn.trace(w, x, y).lower(lowering_platforms=("cuda",)).as_text()[:60])
