import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from nets import CNN
from train import make_train_step

BATCH_SIZE = 8
LEARNING_RATE = 3e-4

key = jax.random.PRNGKey(5678)
model, state = eqx.nn.make_with_state(CNN)(key)
optim = optax.adamw(LEARNING_RATE)
opt_state = optim.init(eqx.filter(model, eqx.is_array))

x = jnp.zeros((BATCH_SIZE, 1, 8, 8), jnp.float32)
y = jnp.zeros((BATCH_SIZE,), jnp.int32)

train_step = make_train_step(optim)
lowered = train_step.lower(model, state, opt_state, x, y)
print(lowered.as_text()[:100])
