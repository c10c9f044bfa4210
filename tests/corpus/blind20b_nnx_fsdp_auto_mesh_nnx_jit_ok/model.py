import jax
from flax import nnx
from jax.sharding import PartitionSpec as P

FSDP = "fsdp"


def fsdp_dense(din, dout, rngs):
  return nnx.Linear(
      din, dout, rngs=rngs,
      kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), (FSDP, None)),
      bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), (None,)))


class Block(nnx.Module):
  def __init__(self, d, rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.up = fsdp_dense(d, 4 * d, rngs)
    self.down = fsdp_dense(4 * d, d, rngs)

  def __call__(self, x):
    h = self.up(self.norm(x))
    h = jax.lax.with_sharding_constraint(jax.nn.gelu(h), P(FSDP, None))
    return x + self.down(h)


class Net(nnx.Module):
  def __init__(self, d, depth, ncls, rngs):
    self.blocks = nnx.List([Block(d, rngs) for _ in range(depth)])
    self.head = fsdp_dense(d, ncls, rngs)

  def __call__(self, x):
    for b in self.blocks:
      x = b(x)
    return self.head(x)
