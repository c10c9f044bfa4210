import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import AxisType, PartitionSpec as P

CompilerParams = (pltpu.CompilerParams if hasattr(pltpu, 'CompilerParams')
                  else pltpu.TPUCompilerParams)


def add_kernel(x_ref, y_ref, o_ref):
  o_ref[...] = x_ref[...] + y_ref[...]


def add(x, y):
  return pl.pallas_call(
      add_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid=(x.shape[0] // 8,),
      in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))] * 2,
      out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
      compiler_params=CompilerParams(dimension_semantics=('parallel',)),
  )(x, y)


mesh = jax.make_mesh((4,), ('x',), axis_types=(AxisType.Explicit,))
f = jax.jit(jax.shard_map(add, mesh=mesh, in_specs=(P('x'), P('x')), out_specs=P('x'),
                          check_vma=False))
x = jax.ShapeDtypeStruct((64, 128), jnp.float32, sharding=jax.NamedSharding(mesh, P('x')))
print(f.trace(x, x).lower(lowering_platforms=('tpu',)).as_text()[:60])
