import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

N = 4


class Stage(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.w = nnx.Linear(16, 16, use_bias=False, rngs=rngs)
    self.bn = nnx.RMSNorm(16, rngs=rngs)

  def __call__(self, x):
    return self.bn(x + self.w(x))


@nnx.split_rngs(splits=N)
@nnx.vmap(in_axes=0, out_axes=0)
def build(rngs: nnx.Rngs):
  return Stage(rngs)


mesh = jax.make_mesh((N,), ('pp',))
stages = build(nnx.Rngs(params=42))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P('pp'), P()), out_specs=P(), check_vma=False)
def forward(stages, x):
  gdef, st = nnx.split(stages)
  stage = nnx.merge(gdef, jax.tree.map(lambda a: a[0], st))
  pairs = [(k, k + 1) for k in range(N - 1)]
  h = x
  for _ in range(N - 1):
    y = stage(h)
    h = jax.lax.precv(jax.lax.psend(y, 'pp', pairs), jax.ShapeDtypeStruct(y.shape, y.dtype),
                      'pp', pairs)
  y = stage(h)
  return jax.lax.psum(y * (jax.lax.axis_index('pp') == N - 1), 'pp')


forward.trace(stages, jnp.ones((4, 16))).lower(lowering_platforms=('cuda',))
