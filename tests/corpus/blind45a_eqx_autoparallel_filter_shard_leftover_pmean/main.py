import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import optax

from train import make_train_step

num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",), axis_types=(jshard.AxisType.Auto,))
data_sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
model_sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec())

model = eqx.nn.MLP(in_size=1, out_size=1, width_size=64, depth=2, key=jr.PRNGKey(6789))
optim = optax.adam(learning_rate=1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
train_step = make_train_step(optim, data_sharding, model_sharding)

x = jnp.ones((32, 1))
y = jnp.ones((32, 1))
params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
  model, opt_state = train_step(eqx.combine(params, static), opt_state, x, y)
  return eqx.filter(model, eqx.is_array), opt_state


print(jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
