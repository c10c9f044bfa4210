import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


def local_loss(x, w):
    y = x @ w
    part = jnp.sum(y * y)
    return lax.psum(part, ("data", "model"))


@jax.jit
def loss(x, w):
    return jax.shard_map(local_loss, in_specs=(P("data"), P()), out_specs=P(),
                         axis_names={"data"})(x, w)


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 16)), P("data", None))
    w = jax.device_put(jnp.ones((16, 32)), P(None, "model"))
    print(loss.trace(x, w).lower(lowering_platforms=("cuda",)).as_text()[:20])
