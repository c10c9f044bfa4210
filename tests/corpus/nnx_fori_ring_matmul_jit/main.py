"""A collective matmul written with nnx.fori_loop and ppermute over 'ring', called under
nnx.jit."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

N = 4
mesh = jax.sharding.Mesh(jax.devices()[:N], ('ring',))
LEFT = [(i, (i - 1) % N) for i in range(N)]


class RingMatmul(nnx.Module):
  """y = x @ W with W's rows sharded over 'ring': the W shards travel round the ring."""

  def __init__(self, d, *, rngs: nnx.Rngs):
    self.w = nnx.Param(jax.random.normal(rngs.params(), (d, d)) * 0.02)

  def __call__(self, x):
    me = jax.lax.axis_index('ring')
    rows = self.w.shape[0]

    def body(i, carry):
      w_shard, acc = carry
      # After i steps this device holds shard (me + i) of W's rows.
      cols = jax.lax.dynamic_slice_in_dim(x, ((me + i) % N) * rows, rows, axis=1)
      acc = acc + cols @ w_shard
      return jax.lax.ppermute(w_shard, 'ring', LEFT), acc

    acc = jnp.zeros((x.shape[0], self.w.shape[1]), x.dtype)
    _, acc = nnx.fori_loop(0, N, body, (self.w[...], acc))
    return acc


model = RingMatmul(64, rngs=nnx.Rngs(0))
x = jnp.ones((8, 64))


nnx.jit(lambda m, x: m(x)).trace(model, x).lower(lowering_platforms=("cuda",))
