import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))

E, D, K = 4, 32, 8


def linear(w, x):
    return x @ w


# every member applied to every example: vmap over members (in_axes=(0, None)) inside
# a vmap over examples (in_axes=(None, 0))
all_members = jax.vmap(jax.vmap(linear, in_axes=(0, None)), in_axes=(None, 0))

ws = jax.device_put(jnp.ones((E, D, K)), P("model", None, None))
xs = jax.device_put(jnp.ones((16, D)), P("data", None))
out = jax.jit(all_members).trace(ws, xs).lower(lowering_platforms=("cuda",))
print(out.out_info.shape)
