"""Version-compatible shard_map import; the call keeps the experimental API's keyword."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

try:
    from jax import shard_map  # new location
except ImportError:
    from jax.experimental.shard_map import shard_map

mesh = Mesh(np.array(jax.devices()), ("batch",))
tx = optax.MultiSteps(optax.adam(1e-3), every_k_schedule=2)


def loss_fn(params, x, y):
    return optax.sigmoid_binary_cross_entropy(x @ params["w"], y).mean()


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P(), P("batch"), P("batch")),
         out_specs=(P(), P(), P()), check_rep=False)
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = jax.lax.pmean(grads, "batch")
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "batch")


params = {"w": jnp.zeros((10, 1))}
opt_state = tx.init(params)
sh = NamedSharding(mesh, P("batch"))
x, y = jax.device_put(jnp.ones((16, 10)), sh), jax.device_put(jnp.ones((16, 1)), sh)
print(train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
