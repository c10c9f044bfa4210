"""GPT-2 sized vocabulary sharded over the tensor-parallel axis (Flax NNX, JAX 0.10)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


@dataclass(frozen=True)
class Config:
    vocab_size: int = 50257
    n_embd: int = 128
    block_size: int = 64


class GPTEmbeddings(nnx.Module):
    def __init__(self, cfg: Config, rngs: nnx.Rngs):
        self.wte = nnx.Embed(
            cfg.vocab_size, cfg.n_embd,
            embedding_init=nnx.with_partitioning(nnx.initializers.normal(0.02), ("model", None)),
            rngs=rngs,
        )
        self.wpe = nnx.Embed(cfg.block_size, cfg.n_embd, rngs=rngs)

    def __call__(self, idx):
        pos = jnp.arange(idx.shape[-1])
        tok = self.wte(idx, out_sharding=P("data", None, None))
        return tok + self.wpe(pos)[None]


cfg = Config()
mesh = jax.make_mesh((2, 2), ("data", "model"))
with jax.set_mesh(mesh):
    emb = GPTEmbeddings(cfg, nnx.Rngs(0))
    idx = jax.device_put(jnp.zeros((4, cfg.block_size), jnp.int32), P("data", None))
    lowered = nnx.jit(lambda m, i: m(i)).trace(emb, idx).lower(lowering_platforms=("cuda",))
print("lowered")
