import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

N = 4


class Stage(nnx.Module):
  def __init__(self, rngs):
    self.lin = nnx.Linear(32, 32, rngs=rngs)

  def __call__(self, x):
    return nnx.gelu(self.lin(x))


@nnx.split_rngs(splits=N)
@nnx.vmap(in_axes=0, out_axes=0, transform_metadata={nnx.PARTITION_NAME: 'stage'})
def create(rngs):
  return Stage(rngs)


def hop(y):
  pairs = [(i, i + 1) for i in range(N - 1)]
  return jax.lax.precv(jax.lax.psend(y, 'stage', pairs), jax.ShapeDtypeStruct(y.shape, y.dtype),
                       'stage', pairs)


@nnx.jit
def forward(stages, x):
  @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
  def body(stage, h):
    return hop(stage(h))
  return body(stages, x)


mesh = jax.make_mesh((N,), ('stage',), axis_types=(AxisType.Auto,))
with jax.set_mesh(mesh):
  stages = create(nnx.Rngs(0))
  forward.trace(stages, jnp.ones((8, 32))).lower(lowering_platforms=('cuda',))
