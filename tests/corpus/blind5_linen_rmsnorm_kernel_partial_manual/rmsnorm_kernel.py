import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _rms_norm_kernel(x_ref, scale_ref, o_ref, *, eps):
  x = x_ref[...].astype(jnp.float32)
  var = jnp.mean(x * x, axis=-1, keepdims=True)
  o_ref[...] = (x * jax.lax.rsqrt(var + eps) * scale_ref[...]).astype(o_ref.dtype)


def rms_norm(x, scale, eps=1e-6, block_rows=8):
  rows, d = x.shape
  return pl.pallas_call(
      functools.partial(_rms_norm_kernel, eps=eps),
      grid=(rows // block_rows,),
      in_specs=[pl.BlockSpec((block_rows, d), lambda i: (i, 0)),
                pl.BlockSpec((1, d), lambda i: (0, 0))],
      out_specs=pl.BlockSpec((block_rows, d), lambda i: (i, 0)),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
  )(x, scale.reshape(1, d))
