import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from layers import TP_AXIS, ParallelBlock

DEPTH, DIM, HIDDEN = 4, 64, 256

blocks = eqx.filter_vmap(lambda k: ParallelBlock(DIM, HIDDEN, k))(
    jax.random.split(jax.random.key(0), DEPTH)
)
dynamic, static = eqx.partition(blocks, eqx.is_array)
specs = jax.tree.map(lambda _: P(), dynamic)
specs = eqx.tree_at(
    lambda b: (b.up.weight, b.down.weight), specs, (P(None, TP_AXIS, None), P(None, None, TP_AXIS))
)


def forward(dynamic, x):
    def body(x, layer_params):
        return jax.vmap(eqx.combine(layer_params, static))(x), None

    x, _ = jax.lax.scan(body, x, dynamic)
    return x


mesh = jax.make_mesh((4,), (TP_AXIS,), axis_types=(AxisType.Auto,))
forward = jax.shard_map(forward, mesh=mesh, in_specs=(specs, P()), out_specs=P())
forward = jax.jit(forward)

x = jnp.ones((16, DIM))
print(forward.trace(dynamic, x).lower(lowering_platforms=("cuda",)) is not None)
