import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mlp import TPMLP
from parallel import filter_shard_map

mesh = jax.make_mesh((4,), ("tp",), axis_types=(jax.sharding.AxisType.Auto,))
model = TPMLP(16, 64, "tp", key=jax.random.PRNGKey(0))

arrays = eqx.filter(model, eqx.is_array)
model_specs = eqx.tree_at(
    lambda m: (m.w_in, m.w_out),
    jax.tree.map(lambda _: P(), arrays),
    (P(None, "tp"), P("tp", None)),
)


def apply(model, x):
    return model(x)


sharded_apply = filter_shard_map(apply, mesh, in_specs=(model_specs, P()), out_specs=P())


@eqx.filter_jit
def forward(model, x):
    return sharded_apply(model, x)


x = jnp.ones((8, 16))
params, static = eqx.partition(model, eqx.is_array)
lowered = jax.jit(lambda p, x: forward(eqx.combine(p, static), x)).trace(params, x)
print(lowered.lower(lowering_platforms=("cuda",)).as_text()[:100])
