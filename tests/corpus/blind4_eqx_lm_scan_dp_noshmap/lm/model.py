import equinox as eqx
import jax

from .layers import Block, causal_mask


class LM(eqx.Module):
    embed: eqx.nn.Embedding
    blocks: Block
    ln_f: eqx.nn.LayerNorm
    unembed: eqx.nn.Linear

    def __init__(self, cfg, *, key):
        ke, kb, ku = jax.random.split(key, 3)
        self.embed = eqx.nn.Embedding(cfg.vocab, cfg.dim, key=ke)

        def make_block(k):
            return Block(cfg.dim, cfg.heads, cfg.mlp_ratio, key=k)

        self.blocks = eqx.filter_vmap(make_block)(jax.random.split(kb, cfg.layers))
        self.ln_f = eqx.nn.LayerNorm(cfg.dim)
        self.unembed = eqx.nn.Linear(cfg.dim, cfg.vocab, use_bias=False, key=ku)

    def __call__(self, tokens):
        x = jax.vmap(self.embed)(tokens)
        mask = causal_mask(tokens.shape[0])
        dynamic, static = eqx.partition(self.blocks, eqx.is_array)

        def body(h, layer_params):
            block = eqx.combine(layer_params, static)
            return block(h, mask), None

        x, _ = jax.lax.scan(body, x, dynamic)
        x = jax.vmap(self.ln_f)(x)
        return jax.vmap(self.unembed)(x)
