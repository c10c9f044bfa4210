import functools

import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P

from gnn import gcn_forward, init_gcn

mesh = jax.make_mesh((4,), ("edges",), axis_types=(AxisType.Auto,))
optimizer = optax.adam(1e-2)


def node_loss(params, feats, senders, receivers, labels, mask):
    logits = gcn_forward(params, feats, senders, receivers, "edges")
    ce = optax.softmax_cross_entropy_with_integer_labels(logits, labels)
    return jnp.sum(ce * mask) / jnp.sum(mask)


# nodes replicated, edge list split across devices
sharded_loss = jax.shard_map(
    node_loss, mesh=mesh,
    in_specs=(P(), P(), P("edges"), P("edges"), P(), P()),
    out_specs=P(),
)


@functools.partial(jax.jit, donate_argnums=(0, 1))
def train_step(params, opt_state, feats, senders, receivers, labels, mask):
    loss, grads = jax.value_and_grad(sharded_loss)(params, feats, senders, receivers, labels, mask)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def main():
    n_nodes, n_edges, d = 2708, 10556, 64
    params = init_gcn(jax.random.key(0), [d, 32, 7])
    opt_state = optimizer.init(params)
    feats = jnp.zeros((n_nodes, d))
    senders = jnp.zeros((n_edges,), jnp.int32)
    receivers = jnp.zeros((n_edges,), jnp.int32)
    labels = jnp.zeros((n_nodes,), jnp.int32)
    mask = jnp.ones((n_nodes,))
    train_step.trace(params, opt_state, feats, senders, receivers, labels, mask).lower(
        lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
