import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from model import Stack

mesh = jax.make_mesh((1, 4), ("data", "tensor"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
model = Stack(depth=3, dim=16, hidden=64, axis_name="tensor", key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)

specs = jax.tree.map(lambda _: P(), params)
specs = eqx.tree_at(
    lambda s: (s.layers.w_up, s.layers.w_down),
    specs,
    (P(None, None, "tensor"), P(None, "tensor", None)),
)


def forward(params, x):
    return eqx.combine(params, static)(x)


fwd = jax.jit(
    jax.shard_map(forward, mesh=mesh, in_specs=(specs, P("data")), out_specs=P("data"))
)
x = jnp.zeros((8, 16))
print(fwd.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:100])
