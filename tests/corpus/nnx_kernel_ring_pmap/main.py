"""An NNX layer whose output goes round the ring through a remote-DMA Pallas kernel, run under
nnx.pmap with axis_name 'x' and lowered for TPU."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from ring import ring_push

mesh = jax.sharding.Mesh(jax.devices(), ('x',))


class RingLayer(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return ring_push(self.linear(x), axis='x', n=4)


layer = RingLayer(128, rngs=nnx.Rngs(0))
x = jnp.ones((32, 128))


run = nnx.jit(nnx.pmap(lambda m, x: m(x), in_axes=(None, 0), axis_name='x'))
run.trace(layer, x.reshape(4, 8, 128)).lower(lowering_platforms=("tpu",))
