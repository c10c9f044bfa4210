from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from modules import MLP

mesh = Mesh(jax.devices(), ("batch",))
model = MLP.init(jax.random.PRNGKey(0), [8, 32, 32, 1])


def loss(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=(P(), P()),
         check_vma=False)
def sgd_step(model, x, y):
    value, grads = jax.value_and_grad(loss)(model, x, y)
    grads = jax.lax.pmean(grads, model.batch_axis)
    new_model = jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g, model, grads)
    return new_model, jax.lax.pmean(value, model.batch_axis)


x, y = jnp.ones((16, 8)), jnp.ones((16, 1))
sgd_step.trace(model, x, y).lower(lowering_platforms=("cuda",))
