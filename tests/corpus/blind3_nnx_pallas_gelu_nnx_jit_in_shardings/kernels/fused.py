"""A fused bias-add + tanh-GELU Pallas TPU kernel, tiled over rows."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _bias_gelu_kernel(x_ref, b_ref, o_ref):
  y = x_ref[...] + b_ref[...]
  o_ref[...] = 0.5 * y * (1.0 + jnp.tanh(0.7978845608 * (y + 0.044715 * y * y * y)))


def bias_gelu(x: jax.Array, bias: jax.Array, *, block_rows: int = 8) -> jax.Array:
  rows, cols = x.shape
  return pl.pallas_call(
      _bias_gelu_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid=(rows // block_rows,),
      in_specs=[pl.BlockSpec((block_rows, cols), lambda i: (i, 0)),
                pl.BlockSpec((1, cols), lambda i: (0, 0))],
      out_specs=pl.BlockSpec((block_rows, cols), lambda i: (i, 0)),
      compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
  )(x, bias.reshape(1, cols))
