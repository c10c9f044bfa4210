import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard
import optax


class Net(eqx.Module):
  layers: list
  dropout: eqx.nn.Dropout

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.layers = [eqx.nn.Linear(3, 64, key=k1), eqx.nn.Linear(64, 1, key=k2)]
    self.dropout = eqx.nn.Dropout(0.1, inference=True)

  def __call__(self, x):
    x = jax.nn.relu(self.layers[0](x))
    return self.layers[1](self.dropout(x))


def compute_loss(model, x, y, axis_name=None):
  pred_y = jax.vmap(model)(x)
  loss = jnp.mean((y - pred_y) ** 2)
  if axis_name is not None:  # only the old filter_pmap entry point passes an axis
    loss = jax.lax.pmean(loss, axis_name)
  return loss


@eqx.filter_jit(donate='all-except-first')
def train_step(model, opt_state, x, y, data_sharding, replicated):
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  x, y = eqx.filter_shard((x, y), data_sharding)
  loss, grads = eqx.filter_value_and_grad(compute_loss)(model, x, y)
  # kept from the filter_pmap version of this script
  grads = jax.lax.pmean(grads, axis_name=data_sharding.spec[0])
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  return model, opt_state, loss


num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ('batch',), axis_types=(jshard.AxisType.Auto,))
data_sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec('batch'))
replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())

model = Net(jax.random.key(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
model, opt_state = eqx.filter_shard((model, opt_state), replicated)

x = jax.device_put(jnp.ones((32, 3)), data_sharding)
y = jax.device_put(jnp.ones((32, 1)), data_sharding)
train_step.lower(model, opt_state, x, y, data_sharding, replicated)
