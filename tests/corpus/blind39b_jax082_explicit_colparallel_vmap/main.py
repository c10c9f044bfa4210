import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P, NamedSharding

mesh = jax.make_mesh((2, 2), ("batch", "model"), axis_types=(AxisType.Explicit,) * 2)
jax.set_mesh(mesh)


def ffn(w1, x):
    return jax.nn.relu(jnp.dot(x, w1))


ffn_batched = jax.vmap(ffn, in_axes=(None, 0))

w1 = jax.device_put(jnp.ones((32, 64)), NamedSharding(mesh, P(None, "model")))
x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P("batch", None)))
print(jax.jit(ffn_batched).trace(w1, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
