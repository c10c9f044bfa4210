import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

from halo import HaloResNet

mesh = jax.make_mesh((4,), ("space",), axis_types=(jax.sharding.AxisType.Explicit,))
model = HaloResNet(8, 3, axis_name="space", num_shards=mesh.shape["space"], key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)

with jax.set_mesh(mesh):
    field = jax.device_put(jnp.zeros((2, 8, 256)), P(None, None, "space"))

    @jax.jit
    def simulate(params, field):
        step = jax.shard_map(
            lambda p, u: jax.vmap(eqx.combine(p, static))(u),
            in_specs=(P(), P(None, None, "space")),
            out_specs=P(None, None, "space"),
        )
        return step(params, field)

    simulate.trace(params, field).lower(lowering_platforms=("cuda",))
