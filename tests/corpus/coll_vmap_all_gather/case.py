import jax
import jax.numpy as jnp


def normalize(x):
    everyone = jax.lax.all_gather(x, "ensemble")
    return (x - everyone.mean(0)) / (everyone.std(0) + 1e-6)


def run(xs):
    return jax.vmap(normalize, axis_name="ensemble")(xs)


ARGS = (jax.ShapeDtypeStruct((5, 10), jnp.float32),)
