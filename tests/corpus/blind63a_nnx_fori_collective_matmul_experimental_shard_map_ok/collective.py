import jax.numpy as jnp
from jax import lax
from flax import nnx

TP = "model"


class AllGatherDense(nnx.Module):
  """y = all_gather(x, rows) @ W[:, local cols]; x rows are sharded over TP, W columns too."""

  def __init__(self, d_in: int, d_out: int, tp_size: int, *, rngs: nnx.Rngs):
    self.kernel = nnx.Param(
        nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, TP))(
            rngs.params(), (d_in, d_out)))
    self.tp_size = tp_size

  def __call__(self, x):
    n, rows = self.tp_size, x.shape[0]
    me = lax.axis_index(TP)
    ring = [(j, (j + 1) % n) for j in range(n)]
    # the accumulator is written with per-device results: mark it device-varying up front
    out = lax.pvary(jnp.zeros((n * rows, self.kernel.value.shape[1]), x.dtype), TP)

    def step(i, carry):
      layer, chunk, out = carry
      owner = (me - i) % n          # shard index of the rows we hold at step i
      out = lax.dynamic_update_slice_in_dim(out, chunk @ layer.kernel.value, owner * rows, axis=0)
      chunk = lax.ppermute(chunk, TP, ring)
      return layer, chunk, out

    _, _, out = nnx.fori_loop(0, n, step, (self, x, out))
    return out
