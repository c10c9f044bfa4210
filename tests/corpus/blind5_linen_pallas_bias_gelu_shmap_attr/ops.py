import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _bias_gelu_kernel(x_ref, b_ref, o_ref):
  y = x_ref[...].astype(jnp.float32) + b_ref[...].astype(jnp.float32)
  o_ref[...] = jax.nn.gelu(y, approximate=True).astype(o_ref.dtype)


@functools.partial(jax.jit, static_argnames=("block_rows",))
def bias_gelu(x, bias, block_rows=8):
  rows, cols = x.shape
  return pl.pallas_call(
      _bias_gelu_kernel,
      grid=(rows // block_rows,),
      in_specs=[pl.BlockSpec((block_rows, cols), lambda i: (i, 0)),
                pl.BlockSpec((1, cols), lambda i: (0, 0))],
      out_specs=pl.BlockSpec((block_rows, cols), lambda i: (i, 0)),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
  )(x, bias.reshape(1, -1))
