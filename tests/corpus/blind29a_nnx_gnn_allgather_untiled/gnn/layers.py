"""jraph-style message passing (GraphNetwork / GCN update) as Flax NNX modules."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from flax import nnx


class Graph(NamedTuple):
    nodes: jax.Array      # [n_nodes, F]
    senders: jax.Array    # [n_edges]
    receivers: jax.Array  # [n_edges]


class InteractionLayer(nnx.Module):
    def __init__(self, dim, rngs):
        self.edge_mlp = nnx.Linear(2 * dim, dim, rngs=rngs)
        self.node_mlp = nnx.Linear(2 * dim, dim, rngs=rngs)

    def messages(self, nodes, senders, receivers):
        sent = nodes[senders]
        recv = nodes[receivers]
        return nnx.relu(self.edge_mlp(jnp.concatenate([sent, recv], axis=-1)))

    def update(self, local_nodes, aggregated):
        return local_nodes + self.node_mlp(jnp.concatenate([local_nodes, aggregated], axis=-1))
