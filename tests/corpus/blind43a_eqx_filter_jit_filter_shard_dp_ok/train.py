import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

optim = optax.adam(1e-3)
mesh = Mesh(jax.devices(), ('device',))
data_sharding = NamedSharding(mesh, P('device'))
replicated = NamedSharding(mesh, P())


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


@eqx.filter_jit
def make_step(model, opt_state, x, y):
  # sharding-based recipe of the Equinox "parallelism" example: the compiler
  # inserts the gradient all-reduce, no explicit collectives
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  x, y = eqx.filter_shard((x, y), data_sharding)
  loss, grads = compute_loss(model, x, y)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return model, opt_state, loss
