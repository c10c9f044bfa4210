import equinox as eqx
import jax
import jax.numpy as jnp


class TinyLM(eqx.Module):
    embed: eqx.nn.Embedding
    norm: eqx.nn.RMSNorm
    mlp: eqx.nn.MLP
    head: eqx.nn.Linear

    def __init__(self, vocab, dim, *, key):
        k1, k2, k3 = jax.random.split(key, 3)
        self.embed = eqx.nn.Embedding(vocab, dim, key=k1)
        self.norm = eqx.nn.RMSNorm(dim)
        self.mlp = eqx.nn.MLP(dim, dim, 4 * dim, depth=1, activation=jax.nn.silu, key=k2)
        self.head = eqx.nn.Linear(dim, vocab, use_bias=False, key=k3)

    def __call__(self, tokens):
        h = jax.vmap(self.embed)(tokens)
        h = h + jax.vmap(self.mlp)(jax.vmap(self.norm)(h))
        return jax.vmap(self.head)(jax.vmap(self.norm)(h))


def token_loss(model, tokens):
    logits = jax.vmap(model)(tokens[:, :-1])
    logp = jax.nn.log_softmax(logits, axis=-1)
    tgt = tokens[:, 1:]
    return -jnp.mean(jnp.take_along_axis(logp, tgt[..., None], axis=-1))
