import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from config import CFG
from losses import loss_and_grad

model = eqx.nn.MLP(4, 1, CFG.width, CFG.depth, key=jax.random.PRNGKey(0))
optim = optax.adam(CFG.lr)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def train_step(model, opt_state, x, y):
    value, grads = loss_and_grad(model, x, y)
    grads = jax.lax.pmean(grads, "device")
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(model, updates), opt_state, value


p_train_step = eqx.filter_pmap(train_step, in_axes=(None, None, 0, 0), out_axes=(None, None, None),
                               axis_name="device")

n = jax.local_device_count()
x = jnp.zeros((n, CFG.per_device_batch, 4))
y = jnp.zeros((n, CFG.per_device_batch, 1))
print(p_train_step.lower(model, opt_state, x, y).as_text()[:100])
