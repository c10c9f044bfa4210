import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import Classifier
from train import make_train_step


def main():
  mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))
  model = Classifier(784, 512, 10, rngs=nnx.Rngs(params=0, dropout=1))
  state_specs = nnx.get_partition_spec(nnx.state(model))

  graphdef, params, rest = nnx.split(model, nnx.Param, ...)
  tx = optax.adamw(1e-3)
  opt_state = tx.init(params)

  train_step = make_train_step(graphdef, tx, mesh, state_specs)
  x = jax.ShapeDtypeStruct((128, 784), jnp.float32, sharding=NamedSharding(mesh, P('data')))
  y = jax.ShapeDtypeStruct((128,), jnp.int32, sharding=NamedSharding(mesh, P('data')))
  train_step.trace(params, rest, opt_state, x, y).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
