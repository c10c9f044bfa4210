from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from ring import ops

mesh = jax.make_mesh((4,), ("i",), axis_types=(jax.sharding.AxisType.Explicit,))
AXIS_SIZE = mesh.shape["i"]
mlp = eqx.nn.MLP(16, 16, 64, 2, key=jax.random.key(0))
params, static = eqx.partition(mlp, eqx.is_array)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("i")), out_specs=P(),
         check_vma=False)  # ring result is replicated but typed varying
def pooled_features(params, x):
    model = eqx.combine(params, static)
    feats = jax.vmap(model)(x).sum(axis=0)
    return ops.ring_allreduce(feats, "i", AXIS_SIZE)


@eqx.filter_jit
def step_with_metrics(params, x):
    pooled = pooled_features(params, x)
    # per-shard norm for logging, reduced around the ring as well
    norm = ops.ring_allreduce(jnp.linalg.norm(pooled), "i", AXIS_SIZE)
    return pooled, norm


x = jax.device_put(jnp.ones((32, 16)), jax.sharding.NamedSharding(mesh, P("i")))
print(jax.jit(step_with_metrics).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
