import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training.train_state import TrainState
from jax.sharding import Mesh

from model import Classifier
from train import make_train_step


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = Classifier()
  params = model.init(jax.random.key(0), jnp.ones((1, 784)))['params']
  state = TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.05, momentum=0.9))
  train_step = make_train_step(mesh)
  x = jax.ShapeDtypeStruct((128, 784), jnp.float32)
  labels = jax.ShapeDtypeStruct((128,), jnp.int32)
  train_step.trace(state, x, labels).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
