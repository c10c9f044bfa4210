import equinox as eqx
import jax
import jax.numpy as jnp


class TokenMLP(eqx.Module):
    """Position-wise language model head: embedding -> MLP -> vocab logits, per token."""
    embed: eqx.nn.Embedding
    mlp: eqx.nn.MLP
    norm: eqx.nn.LayerNorm

    def __init__(self, vocab, dim, *, key):
        k1, k2 = jax.random.split(key)
        self.embed = eqx.nn.Embedding(vocab, dim, key=k1)
        self.mlp = eqx.nn.MLP(dim, vocab, width_size=4 * dim, depth=1, key=k2)
        self.norm = eqx.nn.LayerNorm(dim)

    def __call__(self, token):
        return self.mlp(self.norm(self.embed(token)))


def token_nll(model, tokens, targets):
    logits = jax.vmap(jax.vmap(model))(tokens)
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.take_along_axis(logp, targets[..., None], axis=-1)[..., 0]
