import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

DEVICES = 4
VIRTUAL = 2
RING = [(i, i + 1) for i in range(DEVICES - 1)]


class VStage(nnx.Module):

  def __init__(self, d, rngs):
    self.w = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    y = nnx.gelu(self.w(x))
    tok = lax.psend(y, 'pipe', RING)
    return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pipe', RING)


@nnx.split_rngs(splits=VIRTUAL)
@nnx.vmap(in_axes=0, out_axes=0)
def build(rngs):
  return VStage(64, rngs)


@nnx.vmap(in_axes=(0, 0), out_axes=0)
def run_virtual(stages, xs):
  return stages(xs)


mesh = Mesh(np.array(jax.devices()), ('pipe',))
stages = build(nnx.Rngs(3))


@nnx.jit
def step(stages, xs):
  return nnx.shard_map(run_virtual, mesh=mesh, in_specs=(P(), P(None, 'pipe')),
                       out_specs=P(None, 'pipe'), check_vma=False)(stages, xs)


xs = jnp.ones((VIRTUAL, 16, 64))
step.trace(stages, xs).lower(lowering_platforms=('cuda',))
