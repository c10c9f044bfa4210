import flax.nnx as nnx
from jax.sharding import PartitionSpec as P

normal = nnx.initializers.normal(0.02)
lecun = nnx.initializers.lecun_normal()


class TinyLM(nnx.Module):
  """GPT-2-sized vocabulary with tied input/output embeddings, vocab-sharded over `model`."""

  def __init__(self, vocab: int, dim: int, *, rngs: nnx.Rngs):
    self.wte = nnx.Embed(
        vocab, dim, embedding_init=nnx.with_partitioning(normal, ("model", None)), rngs=rngs
    )
    self.mlp = nnx.Linear(dim, dim, kernel_init=nnx.with_partitioning(lecun, (None, None)), rngs=rngs)
    self.ln_f = nnx.LayerNorm(dim, rngs=rngs)

  def __call__(self, ids):
    h = self.wte(ids, out_sharding=P("data", None, None))
    h = h + nnx.gelu(self.mlp(h))
    # gather the vocab shards so the loss sees full rows: (batch@data, seq, vocab)
    return self.wte.attend(self.ln_f(h), out_sharding=P("data", None, None))
