import equinox as eqx
import jax
import jax.numpy as jnp
import optax

N_DEV = 4
model = eqx.nn.MLP(in_size=10, out_size=1, width_size=32, depth=2, key=jax.random.key(0))
optim = optax.adam(3e-4)
params, static = eqx.partition(model, eqx.is_array)
opt_state = optim.init(params)


def compute_loss(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


def step(params, opt_state, x, y):
  model = eqx.combine(params, static)
  loss, grads = eqx.filter_value_and_grad(compute_loss)(model, x, y)
  grads = jax.lax.pmean(grads, axis_name="devices")
  loss = jax.lax.pmean(loss, axis_name="devices")
  updates, opt_state = optim.update(grads, opt_state, params)
  params = eqx.apply_updates(params, updates)
  return params, opt_state, loss


p_step = eqx.filter_pmap(step, axis_name="devices")

rep = lambda t: jax.tree.map(lambda a: jnp.broadcast_to(a, (N_DEV,) + a.shape), t)
x = jnp.ones((N_DEV, 8, 10))
y = jnp.ones((N_DEV, 8, 1))
jax.jit(lambda *a: p_step(*a)).trace(rep(params), rep(opt_state), x, y).lower(lowering_platforms=("cuda",))
