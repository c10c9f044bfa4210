import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import RingMix

mesh = Mesh(np.array(jax.devices()), ("x",))
layer = RingMix(eqx.nn.Linear(128, 128, key=jr.PRNGKey(0)), "x", mesh.shape["x"])
params, static = eqx.partition(layer, eqx.is_array)


def apply(params, x):
    return eqx.combine(params, static)(x)


sharded = jax.jit(
    jax.shard_map(apply, mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"), check_vma=False)
)
x = jnp.ones((8 * mesh.size, 128), jnp.float32)
sharded.trace(params, x).lower(lowering_platforms=("tpu",))
