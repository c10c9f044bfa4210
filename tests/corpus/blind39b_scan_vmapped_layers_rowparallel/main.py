import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))

N_LAYERS, D = 3, 32


def block(h, w):
    # one example's hidden times a row-split weight: h itself is not split
    return jnp.tanh(h @ w), None


def run_example(stacked_w, x):
    h, _ = jax.lax.scan(block, x, stacked_w)
    return h


@jax.jit
def run(stacked_w, xs):
    return jax.vmap(run_example, in_axes=(None, 0))(stacked_w, xs)


stacked_w = jax.device_put(jnp.ones((N_LAYERS, D, D)), P(None, "model", None))
xs = jax.device_put(jnp.ones((8, D)), P("data", None))
print(run.trace(stacked_w, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
