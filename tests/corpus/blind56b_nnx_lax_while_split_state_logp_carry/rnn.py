import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.sharding import PartitionSpec as P

BATCH_AXIS = "batch"


class GRUDecoder(nnx.Module):

    def __init__(self, vocab: int, hidden: int, *, rngs: nnx.Rngs):
        self.vocab = vocab
        self.hidden = hidden
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.readout = nnx.Linear(hidden, vocab, rngs=rngs)

    def initial_state(self, batch: int):
        return jnp.zeros((batch, self.hidden), out_sharding=P(BATCH_AXIS))

    def step(self, h, tok):
        x = self.embed.embedding[...].at[tok].get(out_sharding=P(BATCH_AXIS))
        h, y = self.cell(h, x)
        return h, self.readout(y)
