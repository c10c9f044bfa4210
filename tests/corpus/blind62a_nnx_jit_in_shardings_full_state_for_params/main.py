import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import CNN
from train import make_train_step


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'),
                       axis_types=(AxisType.Auto, AxisType.Auto))
  with jax.set_mesh(mesh):
    model = CNN(rngs=nnx.Rngs(0))
  graphdef, params, rest = nnx.split(model, nnx.Param, ...)

  tx = optax.adamw(1e-3)
  opt_state = tx.init(params)

  state_sharding = nnx.get_named_sharding(nnx.state(model), mesh)
  data_sharding = NamedSharding(mesh, P('data'))

  train_step = jax.jit(
      make_train_step(graphdef, tx),
      in_shardings=(state_sharding, None, None, data_sharding, data_sharding),
      donate_argnums=(0, 2),
  )

  images = jnp.zeros((8, 28, 28, 1), jnp.float32)
  labels = jnp.zeros((8,), jnp.int32)
  lowered = train_step.trace(params, rest, opt_state, images, labels).lower(
      lowering_platforms=('tpu',))
  return lowered


if __name__ == '__main__':
  main()
