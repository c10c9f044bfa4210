import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from mp import EdgeParallelGCN

N_NODES = 30  # one molecule, not padded
N_EDGES = 128
mesh = Mesh(np.array(jax.devices()), ("d",))
model = EdgeParallelGCN(features=8)

rng = np.random.default_rng(0)
nodes = jnp.asarray(rng.normal(size=(N_NODES, 4)), jnp.float32)
senders = jnp.asarray(rng.integers(0, N_NODES, N_EDGES), jnp.int32)
receivers = jnp.asarray(rng.integers(0, N_NODES, N_EDGES), jnp.int32)


def forward(params, nodes, senders, receivers):
    return model.apply(params, nodes, senders, receivers, N_NODES)


def init_fn(key, nodes, senders, receivers):
    return model.init(key, nodes, senders, receivers, N_NODES)


init = jax.jit(jax.shard_map(init_fn, mesh=mesh, in_specs=(P(), P(), P("d"), P("d")),
                             out_specs=P()))
params = jax.eval_shape(init, jax.random.PRNGKey(0), nodes, senders, receivers)

fwd = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(), P(), P("d"), P("d")),
                            out_specs=P("d")))
lowered = fwd.trace(params, nodes, senders, receivers).lower(lowering_platforms=("cuda",))
print(lowered.out_info.shape)
