"""An eqx.nn.Linear passed straight to jax.jit as an argument; the batch mean is pmean-ed over
"data"."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

linear = eqx.nn.Linear(8, 4, key=jr.PRNGKey(0))


@jax.jit
def mean_output(linear, x):
    return jax.lax.pmean(jax.vmap(linear)(x).mean(0), "data")


mean_output.trace(linear, jnp.ones((32, 8))).lower(lowering_platforms=("cuda",))
