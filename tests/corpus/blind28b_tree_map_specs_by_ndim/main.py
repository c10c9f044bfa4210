"""TP step whose in_specs are built with one jax.tree.map over the params dict."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("model",), axis_types=(jax.sharding.AxisType.Auto,))

params = {
    "up": {"kernel": jnp.ones((16, 64)), "bias": jnp.zeros((64,))},
    "gate": {"kernel": jnp.ones((16, 64)), "bias": jnp.zeros((64,))},
}
# column-parallel: shard the output features of every parameter
param_specs = jax.tree.map(lambda p: P(None, "model") if p.ndim == 2 else P("model"), params)


def swiglu(params, x):
    up = x @ params["up"]["kernel"] + params["up"]["bias"]
    gate = x @ params["gate"]["kernel"] + params["gate"]["bias"]
    return jax.nn.silu(gate) * up


fwd = jax.jit(jax.shard_map(swiglu, mesh=mesh, in_specs=(param_specs, P()), out_specs=P(None, "model")))
params = jax.device_put(params, jax.tree.map(lambda s: NamedSharding(mesh, s), param_specs))
print(fwd.trace(params, jnp.ones((8, 16))).lower(lowering_platforms=("cuda",)).as_text()[:20])
