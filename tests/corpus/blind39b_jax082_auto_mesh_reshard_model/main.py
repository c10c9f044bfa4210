import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding

mesh = jax.make_mesh((2, 2), ("batch", "model"))
jax.set_mesh(mesh)


def per_example(w, x):
    h = jnp.tanh(x @ w)
    return jax.sharding.reshard(h, P("model"))


x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P("batch", None)))
w = jax.device_put(jnp.ones((32, 64)), NamedSharding(mesh, P(None, "model")))
f = jax.jit(jax.vmap(per_example, in_axes=(None, 0)))
print(f.trace(w, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
