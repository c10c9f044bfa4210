import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

import dist

dist.set_global_mesh(jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,)))


@dist.shard_mapped(in_specs=(P(), P("data"), P("data")), out_specs=(P(), P("data")))
def grads_and_loss(params, x, y):
    def loss_fn(p):
        return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    # per-device losses, kept for logging
    return jax.lax.pmean(grads, "data"), loss


@dist.shard_mapped(in_specs=P(), out_specs=P())
def global_norm(tree):
    return optax.global_norm(tree)


model = nnx.Sequential(nnx.Linear(8, 32, rngs=nnx.Rngs(0)), nnx.relu,
                       nnx.Linear(32, 1, rngs=nnx.Rngs(1)))
graphdef, params = nnx.split(model, nnx.Param)


@jax.jit
def step(params, x, y):
    grads, loss = grads_and_loss(params, x, y)
    return loss, global_norm(grads)


x, y = jnp.ones((16, 8)), jnp.ones((16, 1))
lowered = step.trace(params, x, y).lower(lowering_platforms=("cuda",))
print(grads_and_loss.__name__, "lowered")
