import dataclasses

import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from training import make_train_step


@dataclasses.dataclass
class Config:
  axis_name: str = 'devices'
  lr: float = 3e-4
  width: int = 32


cfg = Config()
n = jax.local_device_count()
model = eqx.nn.MLP(4, 2, cfg.width, depth=2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adamw(cfg.lr)
opt_state = optim.init(params)

replicate = lambda t: jax.tree.map(lambda a: jnp.broadcast_to(a, (n,) + a.shape), t)
params, opt_state = replicate(params), replicate(opt_state)
x = jnp.ones((n, 8, 4))
y = jnp.zeros((n, 8, 2))

train_step = make_train_step(static, optim, cfg.axis_name)


@jax.jit
def step(params, opt_state, x, y):
  return train_step(params, opt_state, x, y)


step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
