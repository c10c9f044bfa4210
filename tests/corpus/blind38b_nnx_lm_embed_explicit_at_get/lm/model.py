import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


class Block(nnx.Module):
    def __init__(self, d, heads, *, rngs):
        self.ln1 = nnx.LayerNorm(d, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(num_heads=heads, in_features=d, decode=False, rngs=rngs)
        self.ln2 = nnx.LayerNorm(d, rngs=rngs)
        self.up = nnx.Linear(d, 4 * d, rngs=rngs)
        self.down = nnx.Linear(4 * d, d, rngs=rngs)

    def __call__(self, x, mask):
        x = x + self.attn(self.ln1(x), mask=mask)
        return x + self.down(jax.nn.gelu(self.up(self.ln2(x))))


class MiniLM(nnx.Module):
    def __init__(self, vocab=256, d=64, heads=4, layers=2, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, d, rngs=rngs)
        self.blocks = nnx.List([Block(d, heads, rngs=rngs) for _ in range(layers)])
        self.head = nnx.Linear(d, vocab, use_bias=False, rngs=rngs)

    def __call__(self, tokens):
        table = self.embed.embedding[...]
        x = table.at[tokens].get(out_sharding=P("data", None, None))
        mask = nnx.make_causal_mask(tokens)
        for blk in self.blocks:
            x = blk(x, mask)
        return self.head(x)
