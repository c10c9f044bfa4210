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


def apply(model, x, mask):
    return model(x, mask)


sharded_apply = filter_shard_map(apply, mesh, in_specs=(model_specs, P()), out_specs=P())


@eqx.filter_jit
def forward(model, x, key, rate=0.1):
    # one dropout mask over the hidden units, sliced per shard like w_in's columns
    mask = jax.random.bernoulli(key, 1.0 - rate, (x.shape[0], 64)) / (1.0 - rate)
    return sharded_apply(model, x, mask)


x = jnp.ones((8, 16))
params, static = eqx.partition(model, eqx.is_array)
lowered = jax.jit(lambda p, x, k: forward(eqx.combine(p, static), x, k)).trace(
    params, x, jax.random.PRNGKey(1)
)
print(lowered.lower(lowering_platforms=("cuda",)).as_text()[:100])
