import numpy as np
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('dp',))
optim = optax.adamw(1e-3)


def loss_fn(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


@eqx.filter_jit
def make_step(model, opt_state, x, y):
  params, static = eqx.partition(model, eqx.is_inexact_array)

  def local_grads(params, x, y):
    model = eqx.combine(params, static)
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    return lax.pmean(loss, 'dp'), lax.pmean(grads, 'dp')

  loss, grads = jax.shard_map(local_grads, mesh=mesh,
                              in_specs=(P(), P('dp'), P('dp')),
                              out_specs=(P(), P()))(params, x, y)
  updates, opt_state = optim.update(grads, opt_state, params)
  model = eqx.apply_updates(model, updates)
  return model, opt_state, loss


model = eqx.nn.MLP(in_size=4, out_size=1, width_size=32, depth=2, key=jr.PRNGKey(0))
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
x = jnp.ones((64, 4))
y = jnp.zeros((64, 1))

params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
  model, opt_state, loss = make_step(eqx.combine(params, static), opt_state, x, y)
  return eqx.filter(model, eqx.is_array), opt_state, loss


print(jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
