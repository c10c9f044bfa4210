"""An FSDP block whose forward pass is rematerialised with nnx.remat, differentiated under
nnx.jit."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ('fsdp',))


class FSDPBlock(nnx.Module):
  """Parameters stay sharded over 'fsdp'; each call gathers the full kernel first."""

  def __init__(self, d, *, rngs: nnx.Rngs):
    self.kernel = nnx.Param(jax.random.normal(rngs.params(), (d, d)) * 0.02)

  def __call__(self, x):
    kernel = jax.lax.all_gather(self.kernel[...], 'fsdp', axis=0, tiled=True)
    return nnx.relu(x @ kernel)


def forward(block, x):
  return nnx.remat(lambda b, x: b(x))(block, x)


def loss(block, x):
  return jnp.mean(forward(block, x) ** 2)


block = FSDPBlock(64, rngs=nnx.Rngs(0))
x = jnp.ones((16, 64))


@nnx.jit
def grads(block, x):
  return nnx.grad(loss)(block, x)


grads.trace(block, x).lower(lowering_platforms=("cuda",))
