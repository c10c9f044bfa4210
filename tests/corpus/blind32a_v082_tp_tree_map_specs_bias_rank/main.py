import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tp.layers import ParallelMLP

mesh = jax.make_mesh((4,), ("model",))
mlp = ParallelMLP(128, 512, "model", key=jax.random.key(0))
params, static = eqx.partition(mlp, eqx.is_array)

# up: weight [512, 128] split on dim 0; down: weight [128, 512] split on dim 1
specs = eqx.tree_at(lambda m: m.up, params, replace=jax.tree.map(lambda _: P("model"), params.up))
specs = eqx.tree_at(
    lambda m: m.down, specs, replace=jax.tree.map(lambda _: P(None, "model"), params.down)
)


def forward(params, x):
    model = eqx.combine(params, static)
    return jax.vmap(model)(x)


fwd = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(specs, P()), out_specs=P()))
x = jnp.ones((8, 128))
print(fwd.trace(params, x).lower(lowering_platforms=("cuda",)) is not None)
