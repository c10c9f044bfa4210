# Exported from notebook: migrate_pmap_to_shard_map.ipynb
# %%
from functools import partial
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P, NamedSharding

n_dev = jax.device_count()

# %%
# --- old pmap training step (kept for comparison) ---
def loss(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)

@partial(jax.pmap, axis_name="batch")
def update(params, x, y):
    grads = jax.grad(loss)(params, x, y)
    grads = lax.pmean(grads, axis_name="batch")
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)

# %%
params = {"w": jnp.zeros((8, 1)), "b": jnp.zeros((1,))}
x = jnp.ones((n_dev * 4, 8))
y = jnp.ones((n_dev * 4, 1))

rep = jax.tree.map(lambda p: jnp.stack([p] * n_dev), params)
old = update(rep, x.reshape(n_dev, 4, 8), y.reshape(n_dev, 4, 1))
print("pmap ok", old["w"].shape)

# %%
# --- new: shard_map over a mesh with the same axis name ---
mesh = Mesh(jax.devices(), ("batch",))

def update(params, x, y):  # same name, now the per-shard body
    grads = jax.grad(loss)(params, x, y)
    grads = lax.pmean(grads, axis_name="batch")
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)

update = jax.jit(jax.shard_map(update, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=P()))

# %%
x = jax.device_put(x, NamedSharding(mesh, P("batch")))
y = jax.device_put(y, NamedSharding(mesh, P("batch")))
print(update.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:60])
