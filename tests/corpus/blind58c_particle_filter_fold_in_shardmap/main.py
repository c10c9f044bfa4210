import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax, random
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

N_PARTICLES = 4096
mesh = Mesh(np.array(jax.devices()), ("p",))


def transition(key, x, dt=0.1):
    return x + dt * jnp.sin(x) + jnp.sqrt(dt) * random.normal(key, x.shape)


def log_obs(y, x, sigma=0.5):
    return -0.5 * ((y - x) / sigma) ** 2


def local_filter(key, observations):
    """Bootstrap particle filter; each device owns N_PARTICLES / n_dev particles."""
    n_local = N_PARTICLES // lax.psum(1, "p")
    key = random.fold_in(key, lax.axis_index("p"))
    key, init_key = random.split(key)
    particles = random.normal(init_key, (n_local,))

    def step(carry, y):
        key, particles, loglik = carry
        key, k_move, k_resample = random.split(key, 3)
        particles = transition(k_move, particles)
        logw = log_obs(y, particles)
        # global normaliser: logsumexp over all devices' particles
        m = lax.pmax(jnp.max(logw), "p")
        total = lax.psum(jnp.sum(jnp.exp(logw - m)), "p")
        loglik = loglik + m + jnp.log(total) - jnp.log(N_PARTICLES)
        # local multinomial resampling
        idx = random.categorical(k_resample, logw, shape=(n_local,))
        particles = particles[idx]
        return (key, particles, loglik), jnp.mean(particles)

    (_, _, loglik), means = lax.scan(step, (key, particles, 0.0), observations)
    return loglik, lax.pmean(means, "p")


@jax.jit
def run_filter(key, observations):
    f = shard_map(local_filter, mesh=mesh, in_specs=(P(), P()), out_specs=(P(), P()))
    return f(key, observations)


def main():
    key = random.PRNGKey(0)
    obs = jnp.zeros((100,))
    run_filter.trace(key, obs).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
