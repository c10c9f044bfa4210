import jax
from jax.sharding import PartitionSpec as P
from flax import nnx

init = nnx.initializers.xavier_uniform()


def sharded(names):
  return nnx.with_partitioning(init, names)


class EncoderBlock(nnx.Module):

  def __init__(self, d_model: int, num_heads: int, d_ff: int, *,
               rngs: nnx.Rngs):
    self.ln1 = nnx.LayerNorm(d_model, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(
        num_heads=num_heads,
        in_features=d_model,
        qkv_features=d_model,
        kernel_init=sharded((None, 'model', None)),
        out_kernel_init=sharded(('model', None, None)),
        use_bias=False,
        decode=False,
        rngs=rngs,
    )
    self.ln2 = nnx.LayerNorm(d_model, rngs=rngs)
    self.ff1 = nnx.Linear(d_model, d_ff, kernel_init=sharded((None, 'model')),
                          use_bias=False, rngs=rngs)
    self.ff2 = nnx.Linear(d_ff, d_model, kernel_init=sharded(('model', None)),
                          use_bias=False, rngs=rngs)

  def __call__(self, x, mask=None):
    x = x + self.attn(self.ln1(x), mask=mask, deterministic=True)
    h = nnx.gelu(self.ff1(self.ln2(x)))
    h = jax.lax.with_sharding_constraint(h, P('data', None, 'model'))
    return x + self.ff2(h)
