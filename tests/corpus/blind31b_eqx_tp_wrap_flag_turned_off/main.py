# Exported from notebook: eqx_megatron_mlp.ipynb
# %%
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax as L
from jax.sharding import PartitionSpec as P

USE_SHARD_MAP = True
mesh = jax.make_mesh((4,), ("tp",), axis_types=(jax.sharding.AxisType.Explicit,))

# %%
class TPMLP(eqx.Module):
    w_in: jax.Array   # column-parallel: [d, h/tp] per device
    w_out: jax.Array  # row-parallel:    [h/tp, d] per device

    def __init__(self, d, h, key):
        k1, k2 = jr.split(key)
        self.w_in = jr.normal(k1, (d, h)) * 0.02
        self.w_out = jr.normal(k2, (h, d)) * 0.02

    def __call__(self, x):
        h = jax.nn.gelu(x @ self.w_in)
        return L.psum(h @ self.w_out, "tp")

# %%
model = TPMLP(32, 128, jr.key(0))

def loss(model, x):
    return jnp.mean(model(x) ** 2)

step = jax.grad(loss)

# %%
# profiling showed the shard_map adds overhead on 1 GPU; turn it off for the single-device run
USE_SHARD_MAP = False

# %%
if USE_SHARD_MAP:
    specs = eqx.tree_at(lambda m: (m.w_in, m.w_out), model, (P(None, "tp"), P("tp", None)))
    model = jax.tree.map(lambda a, s: jax.device_put(a, jax.NamedSharding(mesh, s)), model, specs)
    step = jax.shard_map(step, mesh=mesh, in_specs=(specs, P()), out_specs=specs)

x = jnp.ones((8, 32))
print(jax.jit(step).trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
