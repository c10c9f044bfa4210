"""2D data x model parallel block: outer shard_map over 'data' for the batch, inner shard_map
over 'model' for a head-split projection (each device computes some output features)."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
proj = eqx.nn.Linear(16, 32, key=jax.random.key(0))
w, b = proj.weight, proj.bias


def column_parallel(w, b, x):
    return x @ w.T + b


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P("data")), out_specs=P("data"),
         axis_names={"data"})
def per_batch_shard(w, b, x):
    inner = jax.shard_map(
        column_parallel,
        in_specs=(P("model"), P("model"), P()),
        out_specs=P(None, "model"),
        axis_names={"model"},
    )
    return inner(w, b, x)


with jax.set_mesh(mesh):
    w = jax.device_put(w, P())
    b = jax.device_put(b, P())
    x = jax.device_put(jnp.ones((8, 16)), P("data"))
    lowered = jax.jit(per_batch_shard).trace(w, b, x).lower(lowering_platforms=("cuda",))
print("ok")
