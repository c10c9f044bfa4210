# Exported from notebook: migrate_pmap_to_shard_map.ipynb
# %%
from functools import partial
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P, NamedSharding

n_dev = jax.device_count()

# %%
def loss(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)

def sgd_body(params, x, y):
    grads = jax.grad(loss)(params, x, y)
    grads = lax.pmean(grads, axis_name="batch")
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)

# old: pmap
update = jax.pmap(sgd_body, axis_name="batch")

# %%
params = {"w": jnp.zeros((8, 1)), "b": jnp.zeros((1,))}
x = jnp.ones((n_dev * 4, 8))
y = jnp.ones((n_dev * 4, 1))

# %%
# new: shard_map; mesh axis named like the rest of the codebase
mesh = Mesh(jax.devices(), ("data",))
update = jax.jit(jax.shard_map(sgd_body, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P()))

# %%
x = jax.device_put(x, NamedSharding(mesh, P("data")))
y = jax.device_put(y, NamedSharding(mesh, P("data")))
print(update.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:60])
