import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import train.comm as comm

mesh = jax.make_mesh((4,), (comm.DP_AXIS,))


def loss_fn(w, x, y):
    return jnp.mean((jnp.tanh(x @ w) - y) ** 2)


def step(w, x, y):
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    g = comm.sync_grads(g)
    return w - 0.1 * g, comm.global_mean(loss)


# with an Explicit mesh, jit propagates the batch sharding by itself
step = jax.jit(step, donate_argnums=0)

with jax.set_mesh(mesh):
    w = jax.random.normal(jax.random.key(1), (16, 4))
    x = jax.device_put(jnp.ones((32, 16)), P(comm.DP_AXIS))
    y = jax.device_put(jnp.zeros((32, 4)), P(comm.DP_AXIS))
    print(step.trace(w, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
