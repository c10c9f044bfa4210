import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from convnet import ConvNet
from trainer import create_state, make_train_step


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = ConvNet(num_classes=10, bn_axis_name='data')
  state = jax.eval_shape(lambda rng: create_state(model, rng, (1, 32, 32, 3)),
                         jax.random.key(0))
  images = jax.ShapeDtypeStruct((64, 32, 32, 3), jnp.float32)
  labels = jax.ShapeDtypeStruct((64,), jnp.int32)
  train_step = make_train_step(mesh)
  train_step.trace(state, images, labels).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
