import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("fsdp", "tp"))


def sync(g):
    return jax.lax.pmean(g, "fsdp")


def run(g):
    return jax.shard_map(sync, mesh=mesh, in_specs=P("fsdp"), out_specs=P(), axis_names={"fsdp"})(g)


ARGS = (jax.ShapeDtypeStruct((8, 8), jnp.float32),)
