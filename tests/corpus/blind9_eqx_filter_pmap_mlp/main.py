import equinox as eqx
import jax
import jax.numpy as jnp
import optax

optim = optax.adam(3e-4)


def loss_fn(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


@eqx.filter_pmap(axis_name='devices', in_axes=(None, None, None, 0, 0), out_axes=(None, None, None))
def make_step(model_static, params, opt_state, x, y):
  model = eqx.combine(params, model_static)
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
  grads = jax.lax.pmean(grads, axis_name='devices')
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return eqx.filter(model, eqx.is_array), opt_state, jax.lax.pmean(loss, 'devices')


if __name__ == '__main__':
  model = eqx.nn.MLP(in_size=8, out_size=1, width_size=32, depth=2, key=jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  opt_state = optim.init(params)
  n = jax.local_device_count()
  x = jnp.zeros((n, 16, 8))
  y = jnp.zeros((n, 16, 1))
  step = jax.jit(lambda p, o, x, y: make_step(static, p, o, x, y))
  step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
