import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import equinox as eqx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from model import SpatialConvNet

n = len(jax.devices())
mesh = Mesh(np.array(jax.devices()), ("space",))

net = SpatialConvNet(8, depth=3, axis_name="space", num_shards=n, key=jr.PRNGKey(0))
params, static = eqx.partition(net, eqx.is_array)


def apply(params, images):
    net = eqx.combine(params, static)
    return jax.vmap(net)(images)


apply = jax.jit(
    shard_map(
        apply,
        mesh=mesh,
        in_specs=(P(), P(None, None, "space")),
        out_specs=P(None, None, "space"),
    )
)

images = jax.ShapeDtypeStruct((2, 8, 64, 64), jnp.float32)
apply.trace(params, images).lower(lowering_platforms=("tpu",))
