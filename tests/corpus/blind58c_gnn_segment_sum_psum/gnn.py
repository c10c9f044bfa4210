import jax
import jax.numpy as jnp
from jax import lax


def init_gcn(key, dims):
    keys = jax.random.split(key, len(dims) - 1)
    return [
        {"w": jax.random.normal(k, (i, o)) * i ** -0.5, "b": jnp.zeros((o,))}
        for k, i, o in zip(keys, dims[:-1], dims[1:])
    ]


def message_pass(h, senders, receivers, num_nodes, axis_name):
    """Aggregate messages over the local edge shard, then sum partial aggregates."""
    msgs = h[senders]
    agg = jax.ops.segment_sum(msgs, receivers, num_segments=num_nodes)
    deg = jax.ops.segment_sum(jnp.ones_like(receivers, h.dtype), receivers, num_segments=num_nodes)
    agg = lax.psum(agg, axis_name)
    deg = lax.psum(deg, axis_name)
    return agg / jnp.maximum(deg, 1.0)[:, None]


def gcn_forward(params, h, senders, receivers, axis_name):
    num_nodes = h.shape[0]
    for i, layer in enumerate(params):
        h = message_pass(h, senders, receivers, num_nodes, axis_name) @ layer["w"] + layer["b"]
        if i < len(params) - 1:
            h = jax.nn.relu(h)
    return h
