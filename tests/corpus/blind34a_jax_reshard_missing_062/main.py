import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("x", "y"), axis_types=(AxisType.Explicit, AxisType.Explicit))


def mlp(x, w1, w2):
    h = jnp.tanh(x @ w1)
    h = jax.sharding.reshard(h, P("x", None))
    return h @ w2


with jax.sharding.use_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("x", None)))
    w1 = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P(None, "y")))
    w2 = jax.device_put(jnp.ones((32, 4)), NamedSharding(mesh, P(None, None)))
    print(jax.jit(mlp).trace(x, w1, w2).lower(lowering_platforms=("cuda",)).as_text()[:10])
