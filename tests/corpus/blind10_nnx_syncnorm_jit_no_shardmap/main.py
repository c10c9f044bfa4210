import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import Classifier
from train import train_step


def main():
  mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))
  model = Classifier(8, 10, 'data', rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
  batch_sharding = NamedSharding(mesh, P('data'))
  x = jax.device_put(jnp.ones((32, 8)), batch_sharding)
  y = jax.device_put(jnp.zeros((32,), jnp.int32), batch_sharding)
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
