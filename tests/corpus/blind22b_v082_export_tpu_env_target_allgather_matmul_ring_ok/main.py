"""Export a collective (all-gather) matmul for serving on TPU.

Usage: TARGET=tpu python main.py
"""
import os
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import export
from jax.sharding import Mesh, PartitionSpec as P

TARGET = os.environ.get("TARGET", "tpu")
TP = int(os.environ.get("TP", "4"))
AXIS = "model"

mesh = Mesh(np.array(jax.devices()[:TP]), (AXIS,))


def allgather_matmul(x_blk, w_blk):
  """y[:, local cols] = all_gather(x) @ w_blk, overlapping the gather with compute."""
  n = TP
  b = x_blk.shape[0]
  idx = jax.lax.axis_index(AXIS)
  perm = [(j, (j + 1) % n) for j in range(n)]
  out = jnp.zeros((b * n, w_blk.shape[1]), x_blk.dtype)
  out = jax.lax.dynamic_update_slice_in_dim(out, x_blk @ w_blk, idx * b, axis=0)

  def body(i, carry):
    x_cur, out = carry
    x_cur = jax.lax.ppermute(x_cur, AXIS, perm)
    src = (idx - i) % n
    out = jax.lax.dynamic_update_slice_in_dim(out, x_cur @ w_blk, src * b, axis=0)
    return x_cur, out

  _, out = jax.lax.fori_loop(1, n, body, (x_blk, out))
  return out


fn = jax.jit(jax.shard_map(allgather_matmul, mesh=mesh,
                           in_specs=(P(AXIS, None), P(None, AXIS)),
                           out_specs=P(None, AXIS)))

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((64, 256), jnp.bfloat16)
  w = jax.ShapeDtypeStruct((256, 512), jnp.bfloat16)
  exported = export.export(fn, platforms=[TARGET])(x, w)
  print(exported.in_shardings_hlo)
