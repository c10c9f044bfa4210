import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

init = nnx.initializers.lecun_normal()


class Block(nnx.Module):
  def __init__(self, cfg, rngs: nnx.Rngs):
    self.norm = nnx.RMSNorm(cfg.d_model, rngs=rngs)
    self.up = nnx.Linear(cfg.d_model, cfg.d_ff, use_bias=False, rngs=rngs,
                         kernel_init=nnx.with_partitioning(init, ("fsdp", "tensor")))
    self.down = nnx.Linear(cfg.d_ff, cfg.d_model, use_bias=False, rngs=rngs,
                           kernel_init=nnx.with_partitioning(init, ("tensor", "fsdp")))

  def __call__(self, x):
    h = self.up(self.norm(x))
    h = jax.lax.with_sharding_constraint(h, P("fsdp", None, "tensor"))
    return x + self.down(jax.nn.silu(h))


class Transformer(nnx.Module):
  def __init__(self, cfg, remat: bool, rngs: nnx.Rngs):
    self.embed = nnx.Embed(cfg.vocab, cfg.d_model, rngs=rngs,
                           embedding_init=nnx.with_partitioning(
                               nnx.initializers.normal(0.02), ("tensor", "fsdp")))

    @nnx.split_rngs(splits=cfg.n_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def make_blocks(rngs):
      return Block(cfg, rngs)

    self.blocks = make_blocks(rngs)
    self.remat = remat

  def __call__(self, tokens):
    x = self.embed(tokens)

    def body(x, block):
      return block(x)

    if self.remat:
      body = nnx.remat(body, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    def run(x, block):
      return body(x, block)

    x = run(x, self.blocks)
    return self.embed.attend(x)
