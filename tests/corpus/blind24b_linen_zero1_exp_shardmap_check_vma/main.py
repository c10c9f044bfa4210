from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from jax.experimental.shard_map import shard_map
from jax.flatten_util import ravel_pytree
from jax.sharding import Mesh, PartitionSpec as P

from zero import AXIS, zero1_update


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(nn.relu(nn.Dense(60)(x)))


mesh = Mesh(np.array(jax.devices()), (AXIS,))
model = MLP()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 12)))["params"]
flat, unravel = ravel_pytree(params)  # 12*60+60+60*4+4 = 1024 entries
tx = optax.adamw(1e-3)
opt_state = tx.init(jnp.zeros((flat.shape[0] // 4,)))
opt_specs = jax.tree_util.tree_map(lambda a: P(AXIS) if a.ndim else P(), opt_state)


@partial(shard_map, mesh=mesh, in_specs=(P(), opt_specs, P(AXIS), P(AXIS)), out_specs=(P(), opt_specs),
         check_vma=False)
def train_step(flat_params, opt_state, x, y):
    grads = jax.grad(lambda p: jnp.mean((model.apply({"params": unravel(p)}, x) - y) ** 2))(flat_params)
    return zero1_update(tx, flat_params, opt_state, unravel(grads))


x, y = jnp.ones((32, 12)), jnp.ones((32, 4))
opt_state_global = jax.tree_util.tree_map(lambda a: jnp.tile(a, 4) if a.ndim else a, opt_state)
lowered = jax.jit(train_step).trace(flat, opt_state_global, x, y).lower(lowering_platforms=("cuda",))
print("ok")
