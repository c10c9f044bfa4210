import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))
model = eqx.nn.MLP(8, 1, 32, 2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adam(3e-4)
opt_state = optim.init(params)


def per_device(params, opt_state, x, y):
  @eqx.filter_value_and_grad
  def loss_fn(p):
    m = eqx.combine(p, static)
    return jnp.mean((jax.vmap(m)(x) - y) ** 2)

  loss, grads = loss_fn(params)
  grads = lax.pmean(grads, 'data')
  updates, opt_state = optim.update(grads, opt_state, params)
  return eqx.apply_updates(params, updates), opt_state, lax.pmean(loss, 'data')


def step(params, opt_state, x, y):
  return jax.shard_map(per_device, mesh=mesh, in_specs=(P(), P(), P('data'), P('data')),
                       out_specs=(P(), P(), P()))(params, opt_state, x, y)


step = eqx.filter_jit(step)
jax.jit(step).trace(params, opt_state, jnp.ones((64, 8)), jnp.ones((64, 1))).lower(
    lowering_platforms=('cuda',))
