import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def batch_specs(mesh, batch, features):
  # FSDP-style: the global batch is split over every device
  images = jax.ShapeDtypeStruct((batch, features), jnp.float32,
                                sharding=NamedSharding(mesh, P(("data", "model"), None)))
  labels = jax.ShapeDtypeStruct((batch,), jnp.int32,
                                sharding=NamedSharding(mesh, P(("data", "model"))))
  return images, labels
