import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from mylib.train import make_step

n = jax.local_device_count()
model = eqx.nn.MLP(4, 2, 32, 2, key=jax.random.key(1))
optim = optax.sgd(1e-2)
opt_state = optim.init(eqx.filter(model, eqx.is_array))

params, static = eqx.partition(model, eqx.is_array)
stack = lambda t: jax.tree.map(lambda a: jnp.broadcast_to(a, (n,) + a.shape), t)
params, opt_state = stack(params), stack(opt_state)

p_step = make_step(optim)


def run(params, opt_state, x, y):
  model, opt_state, loss = p_step(eqx.combine(params, static), opt_state, x, y)
  return eqx.filter(model, eqx.is_array), opt_state, loss


x = jnp.ones((n, 16, 4))
y = jnp.zeros((n, 16, 2))
jax.jit(run).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
