"""Multi-head attention with the heads split over the model-parallel axis."""
import jax
import jax.numpy as jnp

HEAD_DIM = 16


def attention_heads(x, wq, wk, wv, wo):
    b, t, _ = x.shape

    def split(h):
        return h.reshape(b, t, -1, HEAD_DIM).transpose(0, 2, 1, 3)

    q, k, v = split(x @ wq), split(x @ wk), split(x @ wv)
    scores = jnp.einsum("bhqd,bhkd->bhqk", q, k) / jnp.sqrt(HEAD_DIM)
    o = jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(scores, axis=-1), v)
    o = o.transpose(0, 2, 1, 3).reshape(b, t, -1)
    # each device holds the output projection of its own heads only
    return o @ wo
