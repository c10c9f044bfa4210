"""GPT-2 small-ish Linen LM with tied wte, sharded init under jax.jit(out_shardings=...)."""
import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

RULES = [("batch", "data"), ("vocab", "model"), ("embed", None), ("mlp", "model")]


class GPT2Config:
  vocab_size = 50257
  n_positions = 1024
  n_embd = 768
  n_head = 12


class Block(nn.Module):
  cfg: type

  @nn.compact
  def __call__(self, x):
    c = self.cfg
    h = nn.LayerNorm(epsilon=1e-5)(x)
    h = nn.SelfAttention(num_heads=c.n_head, dtype=jnp.bfloat16, deterministic=True)(h)
    x = x + h
    h = nn.LayerNorm(epsilon=1e-5)(x)
    h = nn.Dense(4 * c.n_embd, kernel_init=nn.with_logical_partitioning(nn.initializers.normal(0.02), ("embed", "mlp")))(h)
    h = nn.Dense(c.n_embd, kernel_init=nn.with_logical_partitioning(nn.initializers.normal(0.02), ("mlp", "embed")))(nn.gelu(h))
    return x + h


class GPT2(nn.Module):
  cfg: type = GPT2Config

  @nn.compact
  def __call__(self, idx):
    c = self.cfg
    wte = nn.Embed(c.vocab_size, c.n_embd, name="wte",
                   embedding_init=nn.with_logical_partitioning(nn.initializers.normal(0.02), ("vocab", "embed")))
    wpe = nn.Embed(c.n_positions, c.n_embd, name="wpe",
                   embedding_init=nn.with_logical_partitioning(nn.initializers.normal(0.01), (None, "embed")))
    x = wte(idx) + wpe(jnp.arange(idx.shape[1])[None])
    x = Block(c)(x)
    x = nn.LayerNorm(epsilon=1e-5, name="ln_f")(x)
    return wte.attend(x)


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(1, 4), ("data", "model"))
  model = GPT2()
  idx = jax.ShapeDtypeStruct((8, 1024), jnp.int32)
  with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.key(0), idx)
    shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
    init_fn = jax.jit(model.init, out_shardings=shardings)
    lowered = init_fn.trace(jax.random.key(0), idx).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
