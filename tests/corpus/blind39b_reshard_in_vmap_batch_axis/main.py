import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, reshard

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


def featurize(x):
    h = jnp.sin(x) * 2.0
    # meant: keep the features of each example split over the devices
    return reshard(h, P("data"))


@jax.jit
def featurize_batch(xs):
    return jax.vmap(featurize)(xs)


xs = jax.device_put(jnp.ones((8, 64)), P("data", None))
print(featurize_batch.trace(xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
