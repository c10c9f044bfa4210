import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)


def probe(w, x):
    return jnp.einsum("d,dk->k", x, w)


xs = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P("data", "model")))
w = jax.device_put(jnp.ones((64, 16)), NamedSharding(mesh, P()))
out = jax.jit(jax.vmap(probe, in_axes=(None, 0))).trace(w, xs).lower(lowering_platforms=("cuda",))
print(out.as_text()[:40])
