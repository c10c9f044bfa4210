"""Sequence-parallel token shift in NNX: each device holds a chunk of the sequence, the mixer
pulls its left neighbour's chunk with a remote-DMA kernel, on a (data, seq) mesh under
nnx.shard_map (batch over data, sequence over seq), the kernel's output typed varying."""
import jax
import numpy as np
import jax.numpy as jnp
from flax import nnx
from jax.sharding import ManualAxisType, Mesh, PartitionSpec as P

from kernels import ring_shift

SEQ = 'seq'
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', SEQ))


class TokenShiftMixer(nnx.Module):
  def __init__(self, dim, *, rngs: nnx.Rngs):
    self.mix = nnx.Param(jnp.full((dim,), 0.5))
    self.proj = nnx.Linear(dim, dim, rngs=rngs)

  def __call__(self, x):
    varying = jax.ShapeDtypeStruct(x.shape, x.dtype, manual_axis_type=ManualAxisType(varying={'data', SEQ}))
    prev = ring_shift(x, SEQ, out_type=varying)
    return self.proj(self.mix * x + (1 - self.mix) * prev)


model = TokenShiftMixer(128, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
  return nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P('data', SEQ)),
                       out_specs=P('data', SEQ))(model, x)


forward.trace(model, jnp.ones((4, 64, 128))).lower(lowering_platforms=("tpu",))
