import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard

from trainer.step import optim, train_step

mesh = jax.make_mesh((len(jax.devices()),), ('batch',))
sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec('batch'))

model = eqx.nn.MLP(in_size=1, out_size=1, width_size=64, depth=2, key=jax.random.key(0))
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
params, static = eqx.partition(model, eqx.is_array)
x = jnp.ones((64, 1))
y = jnp.ones((64, 1))


def step(params, opt_state, x, y):
  model, new_opt = train_step(eqx.combine(params, static), opt_state, x, y, sharding)
  return eqx.filter(model, eqx.is_array), new_opt


jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
