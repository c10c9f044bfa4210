"""A tiny pure-JAX point-mass environment (reset/step), vmapped over environments."""
import jax
import jax.numpy as jnp

OBS_DIM = 4
NUM_ACTIONS = 3


def reset(key):
    pos = jax.random.uniform(key, (2,), minval=-1.0, maxval=1.0)
    return jnp.concatenate([pos, jnp.zeros(2)])


def step(state, action):
    force = (action.astype(jnp.float32) - 1.0) * 0.1
    vel = state[2:] * 0.95 + force
    pos = jnp.clip(state[:2] + vel, -1.0, 1.0)
    new_state = jnp.concatenate([pos, vel])
    reward = -jnp.sum(pos ** 2)
    done = reward > -1e-3
    return new_state, new_state, reward, done
