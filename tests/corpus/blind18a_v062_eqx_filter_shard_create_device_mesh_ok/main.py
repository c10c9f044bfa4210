import equinox as eqx
import jax
import jax.experimental.mesh_utils as mesh_utils
import jax.numpy as jnp
import jax.sharding as jshard
import optax

num_devices = len(jax.devices())
devices = mesh_utils.create_device_mesh((num_devices, 1))
sharding = jshard.NamedSharding(
    jshard.Mesh(devices, ('batch', 'model')), jshard.PartitionSpec('batch', None))
replicated = jshard.NamedSharding(sharding.mesh, jshard.PartitionSpec())

model = eqx.nn.MLP(in_size=4, out_size=1, width_size=32, depth=2, key=jax.random.key(0))
optim = optax.sgd(0.01)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


@eqx.filter_jit
def train_step(model, opt_state, x, y):
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  x, y = eqx.filter_shard((x, y), sharding)
  loss, grads = eqx.filter_value_and_grad(
      lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2))(model)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)
  return eqx.filter_shard((model, opt_state), replicated), loss


params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
  (m, o), loss = train_step(eqx.combine(params, static), opt_state, x, y)
  return eqx.filter(m, eqx.is_array), o, loss


jax.jit(step).trace(params, opt_state, jnp.ones((32, 4)), jnp.ones((32, 1))).lower(
    lowering_platforms=('cuda',))
