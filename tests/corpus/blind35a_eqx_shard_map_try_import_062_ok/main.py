import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from compat import smap

mesh = Mesh(np.array(jax.devices()), ("data",))
model = eqx.nn.MLP(6, 3, 24, 2, key=jr.PRNGKey(1))
params, static = eqx.partition(model, eqx.is_array)
tx = optax.sgd(0.1)
opt_state = tx.init(params)


def loss_fn(params, x, y):
    m = eqx.combine(params, static)
    return jnp.mean(optax.l2_loss(jax.vmap(m)(x), y))


def local_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    loss, grads = jax.lax.pmean((loss, grads), "data")
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


train_step = smap(local_step, mesh, (P(), P(), P("data"), P("data")), (P(), P(), P()))
train_step = jax.jit(train_step)

x = jnp.ones((16, 6))
y = jnp.zeros((16, 3))
train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
