import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from compat import mesh_context, shard_map


class LinearRegressor(nnx.Module):
    def __init__(self, din, rngs):
        self.lin = nnx.Linear(din, 1, rngs=rngs)

    def __call__(self, x):
        return self.lin(x)


model = LinearRegressor(10, nnx.Rngs(0))
tx = optax.sgd(1e-2)
graphdef, params = nnx.split(model, nnx.Param)
opt_state = tx.init(params)


def local_step(params, opt_state, x, y):
    def loss_fn(params):
        return jnp.mean((nnx.merge(graphdef, params)(x) - y) ** 2)

    grads = jax.lax.pmean(jax.grad(loss_fn)(params), "data")
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state


mesh = jax.make_mesh((4,), ("data",))
with mesh_context(mesh):
    step = jax.jit(shard_map(local_step, in_specs=(P(), P(), P("data"), P("data")), out_specs=(P(), P())))
    x, y = jnp.ones((64, 10)), jnp.ones((64, 1))
    lowered = step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
