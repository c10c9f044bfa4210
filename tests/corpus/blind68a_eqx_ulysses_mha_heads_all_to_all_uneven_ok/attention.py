import jax
import jax.numpy as jnp
import equinox as eqx

from seq_parallel import heads_to_seq, seq_to_heads


def _project(linear, x):
    return jax.vmap(jax.vmap(linear))(x)


class UlyssesSelfAttention(eqx.Module):
    mha: eqx.nn.MultiheadAttention

    def __init__(self, num_heads, dim, *, key):
        self.mha = eqx.nn.MultiheadAttention(num_heads, dim, key=key)

    def __call__(self, x):
        # x: (batch, local_seq, dim) -- the sequence is split over the 'sp' mesh axis
        b, s, _ = x.shape
        h, d = self.mha.num_heads, self.mha.qk_size
        q = _project(self.mha.query_proj, x).reshape(b, s, h, d)
        k = _project(self.mha.key_proj, x).reshape(b, s, h, d)
        v = _project(self.mha.value_proj, x).reshape(b, s, h, d)

        q, k, v = seq_to_heads(q), seq_to_heads(k), seq_to_heads(v)
        logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(d)
        weights = jax.nn.softmax(logits, axis=-1)
        out = jnp.einsum("bhqk,bkhd->bqhd", weights, v)
        out = heads_to_seq(out).reshape(b, s, h * d)
        return _project(self.mha.output_proj, out)
