"""Sequence-parallel token shift in NNX: each device holds a chunk of the sequence, the mixer
pulls its left neighbour's chunk with a remote-DMA kernel; the chunks are mapped with
nnx.vmap(axis_name='seq') over a leading chunk axis."""
import jax
import jax.numpy as jnp
from flax import nnx

from kernels import ring_shift

SEQ = 'seq'


class TokenShiftMixer(nnx.Module):
  def __init__(self, dim, *, rngs: nnx.Rngs):
    self.mix = nnx.Param(jnp.full((dim,), 0.5))
    self.proj = nnx.Linear(dim, dim, rngs=rngs)

  def __call__(self, x):
    prev = ring_shift(x, SEQ)
    return self.proj(self.mix * x + (1 - self.mix) * prev)


model = TokenShiftMixer(128, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
  return nnx.vmap(lambda m, x: m(x), in_axes=(None, 0), axis_name=SEQ)(model, x)


forward.trace(model, jnp.ones((4, 16, 128))).lower(lowering_platforms=("tpu",))
