import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

AX = 'i'


class OverlappedDense(nnx.Module):
  def __init__(self, din, dout, rngs):
    self.kernel = nnx.Param(jax.random.normal(rngs.params(), (din, dout)) * 0.02)

  def __call__(self, x_block):
    n = jax.lax.axis_size(AX)
    idx = jax.lax.axis_index(AX)
    b = x_block.shape[0]
    out = jax.lax.pcast(jnp.zeros((b * n, self.kernel.shape[1]), x_block.dtype), AX, to='varying')

    def body(i, carry):
      layer, x_blk, out = carry
      row = ((idx - i) % n) * b
      out = jax.lax.dynamic_update_slice_in_dim(out, x_blk @ layer.kernel[...], row, axis=0)
      x_blk = jax.lax.ppermute(x_blk, AX, [(j, (j + 1) % n) for j in range(n)])
      return layer, x_blk, out

    _, _, out = nnx.fori_loop(0, n, body, (self, x_block, out))
    return out


mesh = jax.make_mesh((4,), (AX,), axis_types=(AxisType.Auto,))
layer = OverlappedDense(16, 32, nnx.Rngs(0))


@nnx.jit
def apply(layer, x):
  f = nnx.shard_map(lambda l, x: l(x), mesh=mesh,
                    in_specs=(P(None, AX), P(AX, None)), out_specs=P(None, AX))
  return f(layer, x)


apply.trace(layer, jnp.ones((32, 16))).lower(lowering_platforms=('cuda',))
print('ok')
