import jax
import jax.numpy as jnp
from flax import nnx

from config import TransformerConfig

init_fn = nnx.initializers.lecun_normal()


class Attention(nnx.Module):

  def __init__(self, cfg: TransformerConfig, *, rngs: nnx.Rngs):
    heads = (cfg.num_heads, cfg.head_dim)
    self.q = nnx.LinearGeneral(cfg.d_model, heads, use_bias=False, rngs=rngs,
                               kernel_init=nnx.with_partitioning(init_fn, (None, 'model', None)))
    self.k = nnx.LinearGeneral(cfg.d_model, heads, use_bias=False, rngs=rngs,
                               kernel_init=nnx.with_partitioning(init_fn, (None, 'model', None)))
    self.v = nnx.LinearGeneral(cfg.d_model, heads, use_bias=False, rngs=rngs,
                               kernel_init=nnx.with_partitioning(init_fn, (None, 'model', None)))
    self.o = nnx.LinearGeneral(heads, cfg.d_model, axis=(-2, -1), use_bias=False, rngs=rngs,
                               kernel_init=nnx.with_partitioning(init_fn, ('model', None, None)))

  def __call__(self, x):
    q, k, v = self.q(x), self.k(x), self.v(x)
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(q.shape[-1]).astype(x.dtype)
    probs = jax.nn.softmax(logits, axis=-1)
    return self.o(jnp.einsum('bhqk,bkhd->bqhd', probs, v))


class Block(nnx.Module):

  def __init__(self, cfg: TransformerConfig, *, rngs: nnx.Rngs):
    self.ln1 = nnx.LayerNorm(cfg.d_model, rngs=rngs)
    self.attn = Attention(cfg, rngs=rngs)
    self.ln2 = nnx.LayerNorm(cfg.d_model, rngs=rngs)
    self.up = nnx.Linear(cfg.d_model, cfg.d_ff, rngs=rngs,
                         kernel_init=nnx.with_partitioning(init_fn, (None, 'model')))
    self.down = nnx.Linear(cfg.d_ff, cfg.d_model, rngs=rngs,
                           kernel_init=nnx.with_partitioning(init_fn, ('model', None)))

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.down(jax.nn.gelu(self.up(self.ln2(x))))


class LM(nnx.Module):

  def __init__(self, cfg: TransformerConfig, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(cfg.vocab_size, cfg.d_model, rngs=rngs,
                           embedding_init=nnx.with_partitioning(
                               nnx.initializers.normal(0.02), ('model', None)))
    self.block = Block(cfg, rngs=rngs)
    self.ln_f = nnx.LayerNorm(cfg.d_model, rngs=rngs)

  def __call__(self, tokens):
    x = self.block(self.embed(tokens))
    return self.embed.attend(self.ln_f(x))
