import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import optax

dataset_size = 64
channel_size = 4
hidden_size = 32
depth = 1
learning_rate = 3e-4
batch_size = 16


def get_data(dataset_size, *, key):
  x = jr.normal(key, (dataset_size, channel_size))
  y = jnp.sin(x)
  return x, y


def compute_loss(model, x, y):
  pred_y = jax.vmap(model)(x)
  return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit
def train_step(model, opt_state, x, y, sharding, replicated):
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  x, y = eqx.filter_shard((x, y), sharding)

  grads = eqx.filter_grad(compute_loss)(model, x, y)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)

  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  return model, opt_state


data_key, model_key = jr.split(jr.PRNGKey(0))
x, y = get_data(dataset_size, key=data_key)
model = eqx.nn.MLP(channel_size, channel_size, hidden_size, depth, key=model_key)
optim = optax.adam(learning_rate)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))

num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",))
sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())
model = eqx.filter_shard(model, replicated)
x, y = eqx.filter_shard((x[:batch_size], y[:batch_size]), sharding)

params, static = eqx.partition((model, opt_state), eqx.is_array)


def step(params, x, y):
  m, o = eqx.combine(params, static)
  m, o = train_step(m, o, x, y, sharding, replicated)
  return eqx.filter((m, o), eqx.is_array)


out = jax.jit(step).trace(params, x, y).lower(lowering_platforms=("cuda",))
print("ok", bool(out.as_text()))
