import equinox as eqx
import jax
import jax.numpy as jnp


class MLP(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear

    def __init__(self, dim, ratio, *, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(dim, dim * ratio, key=k1)
        self.down = eqx.nn.Linear(dim * ratio, dim, key=k2)

    def __call__(self, x):
        return jax.vmap(self.down)(jax.nn.gelu(jax.vmap(self.up)(x)))


class Block(eqx.Module):
    ln1: eqx.nn.LayerNorm
    attn: eqx.nn.MultiheadAttention
    ln2: eqx.nn.LayerNorm
    mlp: MLP

    def __init__(self, dim, heads, ratio, *, key):
        ka, km = jax.random.split(key)
        self.ln1 = eqx.nn.LayerNorm(dim)
        self.attn = eqx.nn.MultiheadAttention(heads, dim, key=ka)
        self.ln2 = eqx.nn.LayerNorm(dim)
        self.mlp = MLP(dim, ratio, key=km)

    def __call__(self, x, mask):
        h = jax.vmap(self.ln1)(x)
        x = x + self.attn(h, h, h, mask=mask)
        return x + self.mlp(jax.vmap(self.ln2)(x))


def causal_mask(n):
    return jnp.tril(jnp.ones((n, n), dtype=bool))
