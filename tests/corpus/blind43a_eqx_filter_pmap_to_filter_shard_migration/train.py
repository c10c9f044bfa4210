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
  # migrated from eqx.filter_pmap to the sharding-based recipe of the Equinox
  # "parallelism" example; the cross-device averages were left in place
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  x, y = eqx.filter_shard((x, y), data_sharding)
  loss, grads = compute_loss(model, x, y)
  loss = jax.lax.pmean(loss, axis_name='device')
  grads = jax.lax.pmean(grads, axis_name='device')
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return model, opt_state, loss
