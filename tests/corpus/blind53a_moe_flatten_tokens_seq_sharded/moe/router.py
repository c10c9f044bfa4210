import jax
import jax.numpy as jnp


def _flatten_tokens(x):
    b, t, d = x.shape
    return x.reshape(b * t, d)


def route_tokens(x, w_router, k=2):
    tokens = _flatten_tokens(x)
    logits = tokens @ w_router
    probs = jax.nn.softmax(logits, axis=-1)
    gates, expert_idx = jax.lax.top_k(probs, k)
    return gates, expert_idx
