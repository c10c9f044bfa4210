import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

DATA, STAGE = 2, 2
mesh = Mesh(np.array(jax.devices()).reshape(DATA, STAGE), ('data', 'stage'))


class Stage(nnx.Module):

  def __init__(self, d, rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.proj = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return x + nnx.relu(self.proj(self.norm(x)))


def hand_off(h):
  perm = [(s, s + 1) for s in range(STAGE - 1)]
  tok = lax.psend(h, 'stage', perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'stage', perm)


@nnx.split_rngs(splits=STAGE)
@nnx.vmap(in_axes=0, out_axes=0)
def make_stages(rngs):
  return Stage(128, rngs)


graphdef, params = nnx.split(make_stages(nnx.Rngs(0)))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')),
                   out_specs=P('data'), axis_names={'data'})
def pipeline_step(params, x):
  # the 'stage' axis is left to GSPMD: the stacked params stay a [STAGE, ...] array here
  stage = nnx.merge(graphdef, jax.tree.map(lambda p: p[0], params))
  h = stage(x)
  h = hand_off(h)
  return stage(h)


x = jax.ShapeDtypeStruct((32, 128), jnp.float32, sharding=NamedSharding(mesh, P('data')))
jax.jit(pipeline_step).trace(params, x).lower(lowering_platforms=('cuda',))
