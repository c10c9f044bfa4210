import re

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

RULES = (
    (r"layers\[0\]\.weight", P("model", None)),
    (r"layers\[0\]\.bias", P("model")),
    (r"layers\[1\]\.weight", P(None, "model")),
)


def spec_for(path, leaf):
    name = jax.tree_util.keystr(path)
    return next((spec for pat, spec in RULES if re.search(pat, name)), P())


mesh = jax.make_mesh((2, 2), ("data", "model"))
mlp = eqx.nn.MLP(32, 32, width_size=128, depth=1, use_final_bias=False, key=jax.random.key(0))
params, static = eqx.partition(mlp, eqx.is_array)
specs = jax.tree_util.tree_map_with_path(spec_for, params)
batch = jnp.ones((8, 32))


def tp_forward(params, batch):
    model = eqx.combine(params, static)
    return jax.lax.psum(jax.vmap(model)(batch), "model")


fwd = jax.jit(jax.shard_map(tp_forward, mesh=mesh, in_specs=(specs, P("data")), out_specs=P("data")))
print(fwd.trace(params, batch).lower(lowering_platforms=("cuda",)).as_text()[:40])
