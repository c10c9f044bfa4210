import equinox as eqx
import jax
import jax.numpy as jnp


class SeqParallelSelfAttention(eqx.Module):
    norm: eqx.nn.LayerNorm
    mha: eqx.nn.MultiheadAttention
    seq_axis: str = eqx.field(static=True)

    def __init__(self, dim, heads, seq_axis, *, key):
        self.norm = eqx.nn.LayerNorm(dim)
        self.mha = eqx.nn.MultiheadAttention(heads, dim, key=key)
        self.seq_axis = seq_axis

    def __call__(self, x):
        # x: this device's chunk of the sequence, (local_seq, dim)
        h = jax.vmap(self.norm)(x)
        kv = jax.lax.all_gather(h, self.seq_axis, axis=0, tiled=True)
        return x + self.mha(h, kv, kv)


class Encoder(eqx.Module):
    layers: list

    def __init__(self, dim, heads, depth, seq_axis, *, key):
        keys = jax.random.split(key, depth)
        self.layers = [SeqParallelSelfAttention(dim, heads, seq_axis, key=k) for k in keys]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
