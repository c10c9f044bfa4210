import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax import lax

NUM_MEMBERS = 4


class Member(nn.Module):
  features: int = 4

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features)(nn.relu(nn.Dense(32)(x)))
    # negative-correlation learning: penalise agreement with the ensemble mean
    return y, y - lax.pmean(y, axis_name='members')


Ensemble = nn.vmap(
    Member,
    variable_axes={'params': 0},
    split_rngs={'params': True},
    in_axes=None,
    out_axes=0,
    axis_size=NUM_MEMBERS,
    axis_name='members',
)

model = Ensemble()
x = jnp.ones((16, 8))
targets = jnp.zeros((16, 4))
params = jax.jit(model.init)(jax.random.key(0), x)
tx = optax.adam(1e-3)
opt_state = tx.init(params)


@jax.jit
def train_step(params, opt_state, x, targets):
  def loss_fn(params):
    preds, deviation = model.apply(params, x)
    return jnp.mean((preds - targets) ** 2) - 0.1 * jnp.mean(deviation ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


print(train_step.trace(params, opt_state, x, targets).lower(lowering_platforms=('cuda',)).as_text()[:40])
