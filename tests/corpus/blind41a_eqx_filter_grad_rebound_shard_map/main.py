import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('dp',))
model = eqx.nn.MLP(4, 1, 16, 2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adam(1e-3)
opt_state = optim.init(params)


def mse(params, x, y, *, axis):
  pred = jax.vmap(eqx.combine(params, static))(x)
  n = jax.lax.psum(x.shape[0], axis)
  return jnp.sum((pred - y) ** 2) / n


loss = functools.partial(mse, axis='dp')


def step(params, opt_state, x, y):
  grads = eqx.filter_grad(loss)(params, x, y)
  grads = jax.lax.psum(grads, 'dp')
  updates, opt_state = optim.update(grads, opt_state, params)
  return eqx.apply_updates(params, updates), opt_state


step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(), P('dp'), P('dp')), out_specs=(P(), P()))
step = jax.jit(step)

x = jnp.ones((32, 4))
y = jnp.ones((32, 1))
print(step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',)).compiler_ir() is not None)
