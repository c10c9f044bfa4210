"""The ring-mixing layer on a 2x2 (dp, tp) slice. Only the ring axis is manual; the data axis
is left to the compiler."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import RingMix

mesh = jax.make_mesh((2, 2), ("dp", "tp"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
layer = RingMix(eqx.nn.Linear(128, 128, key=jr.PRNGKey(0)), "tp", mesh.shape["tp"])
params, static = eqx.partition(layer, eqx.is_array)


def local(params, x):
    return eqx.combine(params, static)(x)


ring_over_tp = jax.shard_map(
    local, mesh=mesh, in_specs=(P(), P("tp")), out_specs=P("tp"),
    axis_names={"tp"}, check_vma=False,
)
apply = jax.jit(ring_over_tp, in_shardings=(None, NamedSharding(mesh, P("tp"))))
apply.trace(params, jnp.ones((32, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
