import equinox as eqx
import jax
import jax.numpy as jnp

N = jax.local_device_count()


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


@eqx.filter_pmap(axis_name='devices', in_axes=(None, 0, 0))
def step(model, x, y):
  loss, grads = compute_loss(model, x, y)
  loss = jax.lax.pmean(loss, 'devices')
  grads = jax.lax.pmean(grads, 'devices')
  return loss, grads


model = eqx.nn.Linear(4, 2, key=jax.random.key(0))
x = jnp.ones((N, 8, 4))
y = jnp.zeros((N, 8, 2))
params, static = eqx.partition(model, eqx.is_array)
run = jax.jit(lambda p, x, y: step(eqx.combine(p, static), x, y))
print(run.trace(params, x, y).lower(lowering_platforms=('cuda',)) is not None)
