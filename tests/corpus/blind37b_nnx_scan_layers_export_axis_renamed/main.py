from functools import partial

import jax
import jax.numpy as jnp
from jax import export
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)
TP = 2


class Block(nnx.Module):
  def __init__(self, d, rngs):
    self.wi = nnx.Linear(d, 4 * d // TP, use_bias=False, rngs=rngs)
    self.wo = nnx.Linear(4 * d // TP, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    y = self.wo(nnx.gelu(self.wi(x)))
    return x + jax.lax.psum(y, 'tensor')


@nnx.split_rngs(splits=3)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_blocks(rngs):
  return Block(32, rngs)


def run_stack(blocks, x):
  @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
  @nnx.remat
  def apply_block(block, x):
    return block(x)
  return apply_block(blocks, x)


blocks = make_blocks(nnx.Rngs(0))
graphdef, state = nnx.split(blocks)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=P('data'))
def forward(state, x):
  return run_stack(nnx.merge(graphdef, state), x)


state_shapes = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), state)
x = jax.ShapeDtypeStruct((16, 32), jnp.float32, sharding=jax.NamedSharding(mesh, P('data')))
state_shapes = jax.tree.map(
    lambda s: jax.ShapeDtypeStruct(s.shape, s.dtype, sharding=jax.NamedSharding(mesh, P())),
    state_shapes)
exp = export.export(forward, platforms=['tpu'])(state_shapes, x)
print(exp.platforms)
