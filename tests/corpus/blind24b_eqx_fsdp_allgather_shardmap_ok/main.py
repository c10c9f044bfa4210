from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P

import fsdp_layers as fl

mesh = jax.make_mesh((4,), (fl.FSDP,), axis_types=(jax.sharding.AxisType.Explicit,))
model = fl.FSDPMLP(16, 64, key=jr.PRNGKey(0))
specs = fl.param_specs(model)
model = jax.tree_util.tree_map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), model, specs)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


@partial(jax.shard_map, mesh=mesh, in_specs=(specs, P(fl.FSDP), P(fl.FSDP)), out_specs=(specs, P()))
def train_step(model, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    # weight grads come back reduce-scattered (transpose of the tiled all_gather);
    # scale them as a mean over the global batch
    n = jax.lax.axis_size(fl.FSDP)
    model = jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g / n, model, grads)
    return model, jax.lax.pmean(loss, fl.FSDP)


x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P(fl.FSDP)))
y = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P(fl.FSDP)))
lowered = jax.jit(train_step).trace(model, x, y).lower(lowering_platforms=("cuda",))
print("ok")
