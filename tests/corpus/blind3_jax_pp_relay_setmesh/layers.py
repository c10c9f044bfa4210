import jax
import jax.numpy as jnp


def init_stages(key, num_stages, width):
    return jax.random.normal(key, (num_stages, width, width)) / jnp.sqrt(width)


def stage_layer(w, h):
    return jax.nn.relu(h @ w) + h
