import equinox as eqx
import jax
import jax.numpy as jnp

from train import optim, make_step

model = eqx.nn.MLP(in_size=8, out_size=1, width_size=64, depth=2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
opt_state = optim.init(params)


def step(params, opt_state, x, y):
  model = eqx.combine(params, static)
  model, opt_state, loss = make_step(model, opt_state, x, y)
  return eqx.filter(model, eqx.is_array), opt_state, loss


x = jnp.ones((128, 8))
y = jnp.zeros((128, 1))
print(jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
