import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("batch",))


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def train_step(w, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(w, x, y)
    if jax.device_count() > 1:
        grads = lax.pmean(grads, "batch")
    return w - 0.1 * grads, loss


step = jax.jit(
    train_step,
    in_shardings=(NamedSharding(mesh, P()), NamedSharding(mesh, P("batch")), NamedSharding(mesh, P("batch"))),
)
step.trace(jnp.zeros((16, 1)), jnp.ones((64, 16)), jnp.ones((64, 1))).lower(lowering_platforms=("cuda",))
