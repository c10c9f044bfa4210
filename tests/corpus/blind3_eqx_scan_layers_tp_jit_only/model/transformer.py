import equinox as eqx
import jax
import jax.random as jr

from .block import Block


class Transformer(eqx.Module):
    embed: eqx.nn.Embedding
    blocks: Block

    def __init__(self, vocab, dim, hidden, depth, *, key):
        ekey, bkey = jr.split(key)
        self.embed = eqx.nn.Embedding(vocab, dim, key=ekey)
        self.blocks = eqx.filter_vmap(lambda k: Block(dim, hidden, k))(jr.split(bkey, depth))

    def __call__(self, tokens):
        x = jax.vmap(self.embed)(tokens)
        params, static = eqx.partition(self.blocks, eqx.is_array)

        def body(x, p):
            return eqx.combine(p, static)(x), None

        x, _ = jax.lax.scan(body, x, params)
        return x
