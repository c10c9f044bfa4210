from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

POP_PER_DEVICE = 64  # antithetic pairs per device -> 128 evaluations per device
SIGMA = 0.02
LR = 0.01

mesh = jax.make_mesh((4,), ("pop",), axis_types=(AxisType.Auto,))


def policy(theta, obs):
    w = theta[: 8 * 4].reshape(8, 4)
    b = theta[8 * 4:]
    return jnp.tanh(obs @ w + b)


def fitness(theta, obs_batch, target):
    return -jnp.mean((policy(theta, obs_batch) - target) ** 2)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P(), P()), out_specs=(P(), P()))
def es_gradient(theta, key, obs_batch, target):
    key = jax.random.fold_in(key, lax.axis_index("pop"))
    eps = jax.random.normal(key, (POP_PER_DEVICE, theta.shape[0]))
    f_pos = jax.vmap(lambda e: fitness(theta + SIGMA * e, obs_batch, target))(eps)
    f_neg = jax.vmap(lambda e: fitness(theta - SIGMA * e, obs_batch, target))(eps)
    # fitness shaping with global statistics across the whole population
    all_f = jnp.concatenate([f_pos, f_neg])
    mean = lax.pmean(jnp.mean(all_f), "pop")
    std = jnp.sqrt(lax.pmean(jnp.mean((all_f - mean) ** 2), "pop")) + 1e-8
    weights = ((f_pos - mean) - (f_neg - mean)) / std
    grad = lax.pmean(weights @ eps, "pop") / (2 * POP_PER_DEVICE * SIGMA)
    return grad, mean


def es_step(theta, key, obs_batch, target):
    key, sub = jax.random.split(key)
    grad, mean_fitness = es_gradient(theta, sub, obs_batch, target)
    return theta + LR * grad, key, mean_fitness


es_step = jax.jit(es_step, donate_argnums=(0,))


def main():
    theta = jnp.zeros((8 * 4 + 4,))
    key = jax.random.key(42)
    obs = jnp.zeros((256, 8))
    target = jnp.zeros((256, 4))
    es_step.trace(theta, key, obs, target).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
