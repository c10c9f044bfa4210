import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from model import MLPBlock

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))
ACT_SPEC = P('dp', None, None)   # (batch, seq, d_model)


def build():
  with jax.set_mesh(mesh):
    abstract = nnx.eval_shape(lambda: MLPBlock(512, 2048, rngs=nnx.Rngs(0)))
  graphdef, params = nnx.split(abstract, nnx.Param)
  param_specs = nnx.get_partition_spec(params)
  return graphdef, params, param_specs


graphdef, params, param_specs = build()


@jax.jit
def forward(params, x):

  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, ACT_SPEC),
                     out_specs=ACT_SPEC)
  def sharded(params, x):
    block = nnx.merge(graphdef, params)
    return block(x)

  return sharded(params, x)


def main():
  x = jax.ShapeDtypeStruct((8, 128, 512), jnp.float32)
  forward.trace(params, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
