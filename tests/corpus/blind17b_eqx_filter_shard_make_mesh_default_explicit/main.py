import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard

from mylib.train import optim, train_step

num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ('batch',))
sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec('batch'))

model = eqx.nn.MLP(in_size=1, out_size=1, width_size=64, depth=2, key=jr.key(0))
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
params, static = eqx.partition(model, eqx.is_array)

x = jnp.ones((64, 1))
y = jnp.ones((64, 1))


def step(params, opt_state, x, y):
  model = eqx.combine(params, static)
  model, opt_state, loss = train_step(model, opt_state, x, y, sharding)
  return eqx.filter(model, eqx.is_array), opt_state, loss


jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
