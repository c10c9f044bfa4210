"""ViT encoder MLP block, tensor-parallel inference under jax.shard_map.
Partition specs come from the Param metadata via nnx.get_partition_spec."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
D, HIDDEN = 384, 1536


class ViTMlpBlock(nnx.Module):

  def __init__(self, rngs: nnx.Rngs):
    part = nnx.with_partitioning
    init = nnx.initializers.xavier_uniform()
    self.norm = nnx.LayerNorm(D, rngs=rngs)
    self.fc1 = nnx.Linear(D, HIDDEN, kernel_init=part(init, (None, 'model')),
                          bias_init=part(nnx.initializers.zeros_init(), ('model',)),
                          rngs=rngs)
    self.fc2 = nnx.Linear(HIDDEN, D, use_bias=False, kernel_init=part(init, ('model', None)),
                          rngs=rngs)
    self.drop = nnx.Dropout(0.1, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.fc1(self.norm(x)))
    y = jax.lax.psum(self.fc2(self.drop(h)), 'model')
    return x + y


with jax.set_mesh(mesh):
  block = ViTMlpBlock(nnx.Rngs(0, dropout=1))
block.eval()

graphdef, params, rest = nnx.split(block, nnx.Param, ...)
specs = nnx.get_partition_spec(params)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(specs, P(), P('data')), out_specs=P('data'))
def encode(params, rest, tokens):
  block = nnx.merge(graphdef, params, rest)
  return block(tokens)


def main():
  tokens = jax.ShapeDtypeStruct((16, 197, D), jnp.float32)
  encode.trace(params, rest, tokens).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
