import jax
import jax.numpy as jnp

from train import create_state, train_step

x = jnp.ones((8, 12))
y = jnp.zeros((8,), jnp.int32)
state = create_state(jax.random.key(0), x)
train_step.trace(state, x, y).lower(lowering_platforms=('cuda',))
