import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

try:
    from jax.sharding import reshard
except ImportError:  # JAX < 0.7
    from jax.experimental.shard import reshard

mesh = jax.make_mesh((2, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))


def layer(x, w1, w2):
    h = jnp.einsum("bd,df->bf", x, w1)          # f32[B@X, F@Y]
    h = jax.nn.relu(h)
    out = jnp.einsum("bf,fd->bd", h, w2, out_sharding=P("X", None))
    return reshard(out, P(None, None))


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("X", None)))
    w1 = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P(None, "Y")))
    w2 = jax.device_put(jnp.ones((64, 16)), NamedSharding(mesh, P("Y", None)))
    lowered = jax.jit(layer).trace(x, w1, w2).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:30])
