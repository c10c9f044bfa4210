import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from pipeline import NUM_STAGES, StageMlp, stage_forward


def main():
  mesh = jax.make_mesh((NUM_STAGES,), ('stage',), axis_types=(jax.sharding.AxisType.Auto,))
  stage = StageMlp()
  x = jnp.zeros((8, 128), jnp.float32)
  keys = jax.random.split(jax.random.key(0), NUM_STAGES)
  stacked = jax.eval_shape(jax.vmap(lambda k: stage.init(k, x)), keys)
  stacked = jax.tree.map(
      lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=NamedSharding(mesh, P('stage'))),
      stacked)

  with jax.set_mesh(mesh):
    def forward(stacked_params, x):
      # each device should see its own stage's slice of the stacked params
      params = jax.tree.map(lambda p: p[0], stacked_params)
      return stage_forward(stage, params, x)

    jax.jit(forward).trace(stacked, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
