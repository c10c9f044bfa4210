"""MNIST trainer moved from jax.pmap to jax.jit with NamedSharding."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from trainlib.models import CNN
from trainlib.steps import train_step


def main():
  mesh = Mesh(np.array(jax.devices()), ('batch',))
  data_sharding = NamedSharding(mesh, P('batch'))
  replicated = NamedSharding(mesh, P())

  cnn = CNN()
  params = cnn.init(jax.random.key(0), jnp.ones([1, 28, 28, 1]))['params']
  state = train_state.TrainState.create(
      apply_fn=cnn.apply, params=params, tx=optax.sgd(0.1, 0.9))
  state = jax.device_put(state, replicated)

  images = jax.device_put(np.zeros((32, 28, 28, 1), np.float32), data_sharding)
  labels = jax.device_put(np.zeros((32,), np.int32), data_sharding)

  step = jax.jit(
      train_step,
      in_shardings=(replicated, data_sharding, data_sharding),
      out_shardings=(replicated, replicated),
      donate_argnums=0,
  )
  lowered = step.trace(state, images, labels).lower(lowering_platforms=('cuda',))
  print(type(lowered).__name__)


if __name__ == '__main__':
  main()
