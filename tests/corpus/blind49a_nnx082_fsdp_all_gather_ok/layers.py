"""ZeRO-3 / FSDP style dense layer: the kernel is stored sharded along its input
dimension and gathered just-in-time inside the shard_map body."""
import jax
import jax.numpy as jnp
import jax.lax as L
from flax import nnx

FSDP_AXIS = 'fsdp'


class FSDPDense(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.kernel = nnx.Param(init(rngs.params(), (din, dout)))
    self.bias = nnx.Param(jnp.zeros((dout,)))

  def __call__(self, x):
    kernel = L.all_gather(self.kernel.value, FSDP_AXIS, axis=0, tiled=True)
    return x @ kernel + self.bias.value


class Net(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.l1 = FSDPDense(64, 128, rngs=rngs)
    self.l2 = FSDPDense(128, 10, rngs=rngs)

  def __call__(self, x):
    return self.l2(jax.nn.relu(self.l1(x)))
