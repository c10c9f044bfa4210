import jax
import jax.numpy as jnp
from jax import lax

AXIS = "particles"


def device_key(key):
    """A different stream per device."""
    return jax.random.fold_in(key, lax.axis_index(AXIS))


def init_particles(key, n_local, dim):
    key = device_key(key)
    return jax.random.normal(key, (n_local, dim)), key


def smc_step(key, particles, y, noise=0.3):
    k1, k2 = jax.random.split(key)
    particles = 0.9 * particles + noise * jax.random.normal(k1, particles.shape)
    logw = -0.5 * jnp.sum((particles - y) ** 2, axis=-1) / noise ** 2
    ancestors = jax.random.categorical(k2, logw, shape=(particles.shape[0],))
    local_max = lax.pmax(jnp.max(logw), AXIS)
    evidence = lax.psum(jnp.sum(jnp.exp(logw - local_max)), AXIS)
    return particles[ancestors], local_max + jnp.log(evidence)
