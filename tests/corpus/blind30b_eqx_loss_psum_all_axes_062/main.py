"""Equinox regression on a 2D mesh with the older jax.experimental.shard_map: the batch is split
over 'data', replicated over 'model', and the loss is reduced with one psum over both axes."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.experimental.shard_map import shard_map
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ("data", "model"))
model = eqx.nn.MLP(8, 1, 16, 2, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(1e-3))
opt_state = tx.init(params)


@partial(shard_map, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")),
         out_specs=(P(), P(), P()))
def step(params, opt_state, x, y):
    def loss_fn(p):
        m = eqx.combine(p, static)
        err = jax.vmap(m)(x)[:, 0] - y
        return jax.lax.psum(jnp.sum(err ** 2), ("data", "model")) / (x.shape[0] * 4)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, loss


print(jax.jit(step).trace(params, opt_state, jnp.ones((16, 8)), jnp.ones((16,))).lower(
    lowering_platforms=("cuda",)) is not None)
