import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

BLOCK_ROWS = 8


def _rmsnorm_kernel(x_ref, scale_ref, o_ref, *, eps):
  x = x_ref[...].astype(jnp.float32)
  inv = jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps)
  o_ref[...] = (x * inv * scale_ref[...]).astype(o_ref.dtype)


def rmsnorm(x, scale, eps=1e-6):
  rows, dim = x.shape
  return pl.pallas_call(
      functools.partial(_rmsnorm_kernel, eps=eps),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid=(rows // BLOCK_ROWS,),
      in_specs=[
          pl.BlockSpec((BLOCK_ROWS, dim), lambda i: (i, 0)),
          pl.BlockSpec((1, dim), lambda i: (0, 0)),
      ],
      out_specs=pl.BlockSpec((BLOCK_ROWS, dim), lambda i: (i, 0)),
      compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
  )(x, scale.reshape(1, dim))
