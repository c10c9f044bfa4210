import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P, NamedSharding

mesh = jax.make_mesh((2, 2), ("batch", "model"), axis_types=(AxisType.Explicit,) * 2)
jax.set_mesh(mesh)


def ffn(w1, w2, x):
    h = jax.nn.relu(jnp.dot(x, w1))
    return jnp.dot(h, w2)


ffn_batched = jax.vmap(ffn, in_axes=(None, None, 0))

w1 = jax.device_put(jnp.ones((32, 64)), NamedSharding(mesh, P(None, "model")))
w2 = jax.device_put(jnp.ones((64, 32)), NamedSharding(mesh, P("model", None)))
x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P("batch", None)))
print(jax.jit(ffn_batched).trace(w1, w2, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
