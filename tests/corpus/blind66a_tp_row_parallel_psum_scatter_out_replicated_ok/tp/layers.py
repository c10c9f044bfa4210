import jax

from . import ops


def sequence_parallel_mlp(x, w_in, w_out):
  """x: [tokens/n, d_model] -> [tokens/n, d_model], hidden dim split over MODEL."""
  x = ops.all_gather_tokens(x)          # [tokens, d_model]
  h = jax.nn.gelu(x @ w_in)             # [tokens, d_ff/n]
  y = h @ w_out                         # partial sums of [tokens, d_model]
  return ops.reduce_scatter_tokens(y)   # [tokens/n, d_model]
