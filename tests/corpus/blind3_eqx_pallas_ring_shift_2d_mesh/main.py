"""The ring-mixing layer on a 2x2 (dp, tp) slice: the batch rows are split over dp and the
ring runs over tp."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

from layers import RingMix

mesh = jax.make_mesh((2, 2), ("dp", "tp"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
layer = RingMix(eqx.nn.Linear(128, 128, key=jr.PRNGKey(0)), "tp", mesh.shape["tp"])
params, static = eqx.partition(layer, eqx.is_array)


@jax.jit
def apply(params, x):
    def local(params, x):
        return eqx.combine(params, static)(x)

    return jax.shard_map(
        local, mesh=mesh, in_specs=(P(), P(("dp", "tp"))), out_specs=P(("dp", "tp")), check_vma=False
    )(params, x)


apply.trace(params, jnp.ones((32, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
