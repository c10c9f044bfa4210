import equinox as eqx
import jax
import jax.numpy as jnp

from train import optim, p_make_step

n_dev = jax.local_device_count()
model = eqx.nn.MLP(in_size=8, out_size=1, width_size=64, depth=2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
opt_state = optim.init(params)


def step(params, opt_state, x, y):
  model = eqx.combine(params, static)
  model, opt_state, loss = p_make_step(model, opt_state, x, y)
  return eqx.filter(model, eqx.is_array), opt_state, loss


x = jnp.ones((n_dev, 32, 8))
y = jnp.zeros((n_dev, 32, 1))
print(jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
