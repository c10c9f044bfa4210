# Exported from notebook: eqx_dp_shard_map.ipynb
# %%
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax as L
from jax.sharding import Mesh, PartitionSpec as P

DEBUG = False

# %%
mesh = Mesh(jax.devices(), ("dp",))
model = eqx.nn.MLP(8, 1, width_size=16, depth=2, key=jr.key(1))
params, static = eqx.partition(model, eqx.is_array)

# %%
def loss(params, x, y):
    m = eqx.combine(params, static)
    return jnp.mean((jax.vmap(m)(x) - y) ** 2)

def compute_grads(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    return L.pmean(l, "dp"), L.pmean(g, "dp")

# %%
if DEBUG:
    # check the per-device shapes eagerly (needs the axis bound, so this is off)
    print(eqx.filter_jit(compute_grads)(params, jnp.ones((4, 8)), jnp.ones((4, 1))))

# %%
compute_grads = jax.shard_map(compute_grads, mesh=mesh,
                              in_specs=(P(), P("dp"), P("dp")), out_specs=(P(), P()))

@jax.jit
def sgd(params, x, y):
    l, g = compute_grads(params, x, y)
    return l, jax.tree.map(lambda p, gi: p - 0.1 * gi, params, g)

# %%
x = jnp.ones((16, 8))
y = jnp.ones((16, 1))
print(sgd.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:60])
