import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

N = jax.local_device_count()
model = eqx.nn.MLP(2, 1, 8, 1, key=jax.random.key(0))


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def make_step(model, x, y):
  loss, grads = compute_loss(model, x, y)
  grads = lax.pmean(grads, 'devices')
  loss = lax.pmean(loss, 'devices')
  model = eqx.apply_updates(model, jax.tree.map(lambda g: -0.1 * g, grads))
  return loss, model


make_step = eqx.filter_pmap(make_step, axis_name='devices', in_axes=(None, 0, 0), out_axes=(0, None))

x = jnp.ones((N, 8, 2))
y = jnp.zeros((N, 8, 1))
params, static = eqx.partition(model, eqx.is_array)
f = jax.jit(lambda p, x, y: make_step(eqx.combine(p, static), x, y)[0])
print(f.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:20])
