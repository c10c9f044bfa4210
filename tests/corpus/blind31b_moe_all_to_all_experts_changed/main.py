# Exported from notebook: moe_expert_parallel.ipynb
# %%
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

NUM_EXPERTS = 8
CAPACITY = 4
D = 16

mesh = jax.make_mesh((4,), ("expert",), axis_types=(jax.sharding.AxisType.Explicit,))

# %%
def moe_dispatch(tokens, w):
    # tokens: [NUM_EXPERTS, CAPACITY, D] routed per local batch; w: local experts' weights
    x = jax.lax.all_to_all(tokens, "expert", split_axis=0, concat_axis=0, tiled=True)
    x = x.reshape(w.shape[0], -1, D)
    y = jnp.einsum("ecd,edf->ecf", x, w)
    y = y.reshape(-1, CAPACITY, D)
    return jax.lax.all_to_all(y, "expert", split_axis=0, concat_axis=0, tiled=True)

# %%
# config tweak: fewer experts for the small run
NUM_EXPERTS = 6

# %%
moe = jax.jit(jax.shard_map(moe_dispatch, mesh=mesh,
                            in_specs=(P("expert"), P("expert")), out_specs=P("expert")))

tokens = jnp.ones((4 * NUM_EXPERTS, CAPACITY, D))
w = jnp.ones((8, D, D))
tokens = jax.device_put(tokens, jax.NamedSharding(mesh, P("expert")))
w = jax.device_put(w, jax.NamedSharding(mesh, P("expert")))
print(moe.trace(tokens, w).lower(lowering_platforms=("cuda",)).as_text()[:60])
