import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


def _attend(q, k, v):
    logits = q @ k.T / jnp.sqrt(q.shape[-1])
    return jax.nn.softmax(logits, axis=-1) @ v


class SeqParallelAttention(eqx.Module):
    """Queries stay local to the sequence shard; keys/values are gathered for global
    attention, or only the local block is used (sliding-window mode)."""

    q_proj: eqx.nn.Linear
    kv_proj: eqx.nn.Linear
    seq_axis: str = eqx.field(static=True)

    def __init__(self, dim, seq_axis, *, key):
        kq, kkv = jax.random.split(key)
        self.q_proj = eqx.nn.Linear(dim, dim, key=kq)
        self.kv_proj = eqx.nn.Linear(dim, 2 * dim, key=kkv)
        self.seq_axis = seq_axis

    def __call__(self, x, use_global):
        q = jax.vmap(self.q_proj)(x)
        k, v = jnp.split(jax.vmap(self.kv_proj)(x), 2, axis=-1)

        def global_branch(q, k, v):
            k = lax.all_gather(k, self.seq_axis, tiled=True)
            v = lax.all_gather(v, self.seq_axis, tiled=True)
            return _attend(q, k, v)

        def local_branch(q, k, v):
            return _attend(q, k, v)

        return lax.cond(use_global, global_branch, local_branch, q, k, v)
