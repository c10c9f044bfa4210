import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh

from model import DATA_AXIS, Net
from train import TrainState, build_train_step


def main():
  mesh = Mesh(np.array(jax.devices()), (DATA_AXIS,))
  net = Net()
  variables = net.init(jax.random.key(0), jnp.ones((1, 16, 16, 3)), train=False)
  state = TrainState.create(apply_fn=net.apply, params=variables['params'],
                            batch_stats=variables['batch_stats'], tx=optax.sgd(0.1, 0.9))
  step = build_train_step(mesh)
  images = jnp.ones((16, 16, 16, 3))
  labels = jnp.zeros((16,), jnp.int32)
  step.trace(state, images, labels).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
