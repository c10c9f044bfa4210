import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def _flatten_tokens(x, token_axis="seq"):
    b, t, d = x.shape
    # tokens stay split over the sequence-parallel axis after flattening
    return x.reshape(b * t, d, out_sharding=P(token_axis, None))


def route_tokens(x, w_router, k=2):
    tokens = _flatten_tokens(x)
    logits = tokens @ w_router
    probs = jax.nn.softmax(logits, axis=-1)
    gates, expert_idx = jax.lax.top_k(probs, k)
    return gates, expert_idx
