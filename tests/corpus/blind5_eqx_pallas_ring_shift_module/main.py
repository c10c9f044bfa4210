import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from layers import NeighbourMix

num_devices = jax.device_count()
mesh = jax.make_mesh((num_devices,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
layer = NeighbourMix(128, "x", num_devices, key=jax.random.PRNGKey(0))
params, static = eqx.partition(layer, eqx.is_array)


def local(params, x):
    return eqx.combine(params, static)(x)


mixed = jax.jit(
    jax.shard_map(local, mesh=mesh, in_specs=(P(), P("x", None)), out_specs=P("x", None), check_vma=False)
)
x = jax.ShapeDtypeStruct((8 * num_devices, 128), jnp.float32)
print(mixed.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:100])
