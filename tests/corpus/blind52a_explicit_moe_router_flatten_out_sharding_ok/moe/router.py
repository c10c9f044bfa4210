import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def _tokens(x):
    b, s, d = x.shape
    return jnp.reshape(x, (b * s, d), out_sharding=P(("data", "model"), None))


def route(x, w_router):
    tokens = _tokens(x)
    logits = tokens @ w_router
    return jax.nn.softmax(logits, axis=-1)


def top1_dispatch(x, w_router):
    probs = route(x, w_router)
    expert = jnp.argmax(probs, axis=-1)
    gate = jnp.max(probs, axis=-1)
    aux = jnp.mean(jnp.sum(jax.nn.one_hot(expert, probs.shape[-1]) * probs, axis=0))
    return gate.sum() + aux
