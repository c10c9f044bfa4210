import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)


def dense(w, b, x):
    # one example: x is (d_in,), w is (d_in, d_out) column-parallel
    return jax.nn.gelu(x @ w + b)


@jax.jit
def forward(w, b, xs):
    return jax.vmap(dense, in_axes=(None, None, 0))(w, b, xs)


w = jax.device_put(jnp.ones((64, 128)), P(None, "model"))
b = jax.device_put(jnp.zeros((128,)), P("model"))
xs = jax.device_put(jnp.ones((16, 64)), P("data", None))

print(forward.trace(w, b, xs).lower(lowering_platforms=("cuda",)).as_text()[:80])
