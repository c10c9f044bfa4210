import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from cnn import CNN, loss

AXIS = 'devices'
n = jax.local_device_count()

model = CNN(jax.random.key(0))
optim = optax.adamw(3e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_array))


# simulate the replicas on one device while debugging
@eqx.filter_vmap(in_axes=(None, None, 0, 0), out_axes=(None, None, None))
def make_step(model, opt_state, x, y):
  loss_value, grads = eqx.filter_value_and_grad(loss)(model, x, y)
  grads = jax.lax.pmean(grads, AXIS)
  loss_value = jax.lax.pmean(loss_value, AXIS)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return model, opt_state, loss_value


params, static = eqx.partition(model, eqx.is_array)


def step_arrays(params, opt_state, x, y):
  new_model, opt_state, loss_value = make_step(eqx.combine(params, static), opt_state, x, y)
  new_params, _ = eqx.partition(new_model, eqx.is_array)
  return new_params, opt_state, loss_value


x = jnp.zeros((n, 16, 1, 28, 28), jnp.float32)
y = jnp.zeros((n, 16), jnp.int32)
print(jax.jit(step_arrays).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
