import jax
import jax.numpy as jnp
from jax import lax

POP_SIZE = 256
SIGMA = 0.1


def rastrigin(x):
    return 10.0 * x.shape[0] + jnp.sum(x ** 2 - 10.0 * jnp.cos(2 * jnp.pi * x))


def evaluate_member(mean, eps):
    """Evaluate an antithetic pair and return its z-scored fitness difference."""
    f_plus = -rastrigin(mean + SIGMA * eps)
    f_minus = -rastrigin(mean - SIGMA * eps)
    # normalise with population statistics
    mu = lax.pmean(0.5 * (f_plus + f_minus), axis_name="pop")
    var = lax.pmean(0.5 * ((f_plus - mu) ** 2 + (f_minus - mu) ** 2), axis_name="pop")
    return (f_plus - f_minus) / jnp.sqrt(var + 1e-8)


def es_update(mean, key, lr=0.05):
    eps = jax.random.normal(key, (POP_SIZE, mean.shape[0]))
    scores = jax.vmap(evaluate_member, in_axes=(None, 0))(mean, eps)
    grad = scores @ eps / (2 * POP_SIZE * SIGMA)
    return mean + lr * grad


def run(mean, key, n_gens=10):
    def gen(mean, key):
        return es_update(mean, key), None

    mean, _ = lax.scan(gen, mean, jax.random.split(key, n_gens))
    return mean


run = jax.jit(run, static_argnames="n_gens")


def main():
    mean = jnp.full((32,), 3.0)
    run.trace(mean, jax.random.PRNGKey(0)).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
