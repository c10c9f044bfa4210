"""Node-sharded message passing: each device owns a block of nodes and all_gathers the node
features, but without tiled=True, so the gathered array is [devices, n_local, F] and the
per-receiver segment_sum / slicing downstream sees the wrong leading dimension."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

from gnn.layers import Graph, InteractionLayer

N_NODES, N_EDGES, DIM = 64, 256, 16
AXIS = "nodes"

layer = InteractionLayer(DIM, nnx.Rngs(0))
graphdef, params = nnx.split(layer)


def mp_step(params, local_nodes, senders, receivers):
    layer = nnx.merge(graphdef, params)
    n_local = local_nodes.shape[0]
    all_nodes = lax.all_gather(local_nodes, AXIS)
    msgs = layer.messages(all_nodes, senders, receivers)
    agg = jax.ops.segment_sum(msgs, receivers, num_segments=all_nodes.shape[0])
    start = lax.axis_index(AXIS) * n_local
    local_agg = lax.dynamic_slice_in_dim(agg, start, n_local, axis=0)
    return layer.update(local_nodes, local_agg)


mesh = jax.make_mesh((4,), (AXIS,))
step = jax.jit(jax.shard_map(mp_step, mesh=mesh,
                             in_specs=(P(), P(AXIS), P(), P()), out_specs=P(AXIS)))

key = jax.random.PRNGKey(0)
g = Graph(nodes=jax.random.normal(key, (N_NODES, DIM)),
          senders=jax.random.randint(key, (N_EDGES,), 0, N_NODES),
          receivers=jax.random.randint(jax.random.fold_in(key, 1), (N_EDGES,), 0, N_NODES))
nodes = jax.device_put(g.nodes, NamedSharding(mesh, P(AXIS)))
lowered = step.trace(params, nodes, g.senders, g.receivers).lower(lowering_platforms=("cuda",))
print("ok")
