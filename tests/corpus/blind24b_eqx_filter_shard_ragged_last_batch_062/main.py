import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from data import batches, make_dataset

mesh = Mesh(jax.devices(), ("batch",))
batch_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())

model = eqx.nn.MLP(8, 1, 32, 2, key=jr.PRNGKey(0))
optim = optax.sgd(1e-2)
params, static = eqx.partition(model, eqx.is_inexact_array)
opt_state = optim.init(params)
params, opt_state = eqx.filter_shard((params, opt_state), replicated)


def step(params, opt_state, x, y):
    def loss_fn(params):
        m = eqx.combine(params, static)
        return jnp.mean(optax.sigmoid_binary_cross_entropy(jax.vmap(m)(x), y))

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(params, updates), opt_state, loss


jit_step = jax.jit(step)
x_all, y_all = make_dataset()
for xb, yb in batches(x_all, y_all, batch_size=32):
    xb, yb = eqx.filter_shard((jnp.asarray(xb), jnp.asarray(yb)), batch_sharding)
    lowered = jit_step.trace(params, opt_state, xb, yb).lower(lowering_platforms=("cuda",))
print("ok")
