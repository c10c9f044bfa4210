from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

devices = np.array(jax.devices())
mesh = Mesh(devices, axis_names=("e",))


def init_mpnn(key, d_node, d_edge, d_hidden):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "msg": jax.random.normal(k1, (2 * d_node + d_edge, d_hidden)) * 0.05,
        "upd": jax.random.normal(k2, (d_node + d_hidden, d_node)) * 0.05,
        "readout": jax.random.normal(k3, (d_node, 1)) * 0.05,
    }


@partial(shard_map, mesh=mesh,
         in_specs=(P(), P(), P("e"), P("e"), P("e")),
         out_specs=P())
def mpnn_layer(params, nodes, edges, senders, receivers):
    inputs = jnp.concatenate([nodes[senders], nodes[receivers], edges], axis=-1)
    messages = jax.nn.silu(inputs @ params["msg"])
    # sum incoming messages per node (over this device's edges)
    aggregated = jax.ops.segment_sum(messages, receivers, num_segments=nodes.shape[0])
    return nodes + jnp.tanh(jnp.concatenate([nodes, aggregated], axis=-1) @ params["upd"])


@jax.jit
def predict_energy(params, nodes, edges, senders, receivers):
    h = nodes
    for _ in range(3):
        h = mpnn_layer(params, h, edges, senders, receivers)
    return jnp.sum(h @ params["readout"])


def main():
    params = init_mpnn(jax.random.PRNGKey(0), 16, 4, 64)
    nodes = jnp.zeros((500, 16))
    edges = jnp.zeros((4000, 4))
    senders = jnp.zeros((4000,), jnp.int32)
    receivers = jnp.zeros((4000,), jnp.int32)
    predict_energy.trace(params, nodes, edges, senders, receivers).lower(
        lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
