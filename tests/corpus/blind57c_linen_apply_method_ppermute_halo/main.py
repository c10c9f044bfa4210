from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

SEQ = "seq"
N = 4


def exchange_halo(x, axis_name, n):
  """Return (left, right) neighbour rows for a sequence-sharded (B, L, C) block."""
  to_right = [(i, (i + 1) % n) for i in range(n)]
  to_left = [(i, (i - 1) % n) for i in range(n)]
  from_left = lax.ppermute(x[:, -1:], axis_name, perm=to_right)
  from_right = lax.ppermute(x[:, :1], axis_name, perm=to_left)
  idx = lax.axis_index(axis_name)
  from_left = jnp.where(idx == 0, 0.0, from_left)
  from_right = jnp.where(idx == n - 1, 0.0, from_right)
  return from_left, from_right


class HaloConv(nn.Module):
  features: int

  def setup(self):
    self.conv = nn.Conv(self.features, kernel_size=(3,), padding="VALID")

  def __call__(self, x):
    return self.conv(jnp.pad(x, ((0, 0), (1, 1), (0, 0))))

  def sequence_parallel(self, x):
    left, right = exchange_halo(x, SEQ, N)
    return self.conv(jnp.concatenate([left, x, right], axis=1))


def main():
  mesh = Mesh(np.array(jax.devices()[:N]), (SEQ,))
  model = HaloConv(features=16)
  x = jnp.ones((2, 64, 16))
  params = model.init(jax.random.PRNGKey(0), x)

  @jax.jit
  @partial(shard_map, mesh=mesh, in_specs=(P(), P(None, SEQ)), out_specs=P(None, SEQ))
  def forward(params, x):
    return model.apply(params, x, method=HaloConv.sequence_parallel)

  forward.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
