import jax
import jax.numpy as jnp
import optax

from model import Stack
from parallel import make_mesh, make_train_step

model = Stack(features=32, num_layers=4)
x = jnp.ones((64, 32))
y = jnp.zeros((64, 1))
variables = model.init(jax.random.key(0), x)
params, batch_stats = variables['params'], variables['batch_stats']
tx = optax.adam(1e-3)
opt_state = tx.init(params)

train_step = make_train_step(model, tx, make_mesh())
print(train_step.trace(params, batch_stats, opt_state, x, y)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
