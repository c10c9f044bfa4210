import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx


class EncoderBlock(eqx.Module):
    ln1: eqx.nn.LayerNorm
    attn: eqx.nn.MultiheadAttention
    ln2: eqx.nn.LayerNorm
    mlp: eqx.nn.MLP

    def __init__(self, dim, num_heads, *, key):
        akey, mkey = jr.split(key)
        self.ln1 = eqx.nn.LayerNorm(dim)
        self.attn = eqx.nn.MultiheadAttention(num_heads, dim, key=akey)
        self.ln2 = eqx.nn.LayerNorm(dim)
        self.mlp = eqx.nn.MLP(dim, dim, 4 * dim, depth=1, activation=jax.nn.gelu, key=mkey)

    def __call__(self, x):
        # x: (seq, dim)
        h = jax.vmap(self.ln1)(x)
        x = x + self.attn(h, h, h)
        h = jax.vmap(self.ln2)(x)
        return x + jax.vmap(self.mlp)(h)


class Classifier(eqx.Module):
    block: EncoderBlock
    head: eqx.nn.Linear

    def __init__(self, dim, num_heads, num_classes, *, key):
        bkey, hkey = jr.split(key)
        self.block = EncoderBlock(dim, num_heads, key=bkey)
        self.head = eqx.nn.Linear(dim, num_classes, key=hkey)

    def __call__(self, x):
        return self.head(jnp.mean(self.block(x), axis=0))
