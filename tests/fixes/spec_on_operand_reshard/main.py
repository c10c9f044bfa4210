import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


@jax.jit
def gather_features(x):
    # the whole feature dimension on every device, the batch still split
    h = jnp.tanh(x)
    return jax.sharding.reshard(h, P("data", None))


if __name__ == "__main__":
    x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data", None)))
    gather_features.trace(x).lower(lowering_platforms=("cuda",))
