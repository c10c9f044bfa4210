import jax
import jax.numpy as jnp
from flax import nnx
from jax import export
from jax.sharding import PartitionSpec as P

STAGES = 4


class Stage(nnx.Module):
  def __init__(self, rngs):
    self.lin = nnx.Linear(128, 128, rngs=rngs)

  def __call__(self, x):
    return nnx.gelu(self.lin(x))


def build():
  rngs = nnx.Rngs(0)
  return nnx.vmap(lambda r: Stage(r), in_axes=0)(rngs.fork(split=STAGES))


def pipeline(graphdef, state, x):
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a.squeeze(0), state))
  fwd = [(i, i + 1) for i in range(STAGES - 1)]
  for _ in range(STAGES - 1):
    y = stage(x)
    x = jax.lax.precv(jax.lax.psend(y, 'stage', fwd), jax.ShapeDtypeStruct(y.shape, y.dtype),
                      'stage', fwd)
  return stage(x)


def main():
  mesh = jax.make_mesh((STAGES,), ('stage',), axis_types=(jax.sharding.AxisType.Auto,))
  graphdef, state = nnx.split(build())
  fn = jax.jit(jax.shard_map(lambda s, x: pipeline(graphdef, s, x), mesh=mesh,
                             in_specs=(P('stage'), P()), out_specs=P('stage'), check_vma=False))
  args = (jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), state),
          jax.ShapeDtypeStruct((8, 128), jnp.float32))
  export.export(fn, platforms=['tpu'])(*args)


if __name__ == '__main__':
  main()
