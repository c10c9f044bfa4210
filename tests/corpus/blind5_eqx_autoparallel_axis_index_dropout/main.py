import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import Net

mesh = jax.make_mesh((jax.device_count(),), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
data_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())


def loss_fn(model, x, y, key):
    keys = jr.split(key, x.shape[0])
    pred = jax.vmap(lambda x, k: model(x, key=k))(x, keys)
    return jnp.mean((pred - y) ** 2)


@eqx.filter_jit
def train_step(model, opt_state, x, y, key):
    model = eqx.filter_shard(model, replicated)
    x, y = eqx.filter_shard((x, y), data_sharding)
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y, key)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    return eqx.filter_shard(model, replicated), opt_state, loss


model = Net(jr.PRNGKey(0))
optim = optax.sgd(1e-2)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
x = jnp.zeros((32, 8))
y = jnp.zeros((32, 1))
print(train_step.lower(model, opt_state, x, y, jr.PRNGKey(1)).as_text()[:100])
