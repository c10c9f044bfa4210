import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from vit import ViT


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)

  with jax.set_mesh(mesh):
    abs_model = nnx.eval_shape(lambda: ViT(rngs=nnx.Rngs(0)))
  graphdef, abs_state = nnx.split(abs_model)
  state_sharding = nnx.get_named_sharding(abs_state, mesh)

  @jax.jit
  def predict(state, images):
    model = nnx.merge(graphdef, state)
    return model(images)

  images = jax.ShapeDtypeStruct((16, 32, 32, 3), jnp.float32,
                                sharding=NamedSharding(mesh, P('data')))
  abs_state = jax.tree.map(
      lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=s),
      abs_state, state_sharding)
  predict.trace(abs_state, images).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
