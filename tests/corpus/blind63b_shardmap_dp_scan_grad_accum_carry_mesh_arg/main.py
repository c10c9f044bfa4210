import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh

from train import make_train_step


def init(key, sizes):
  params = []
  for din, dout in zip(sizes[:-1], sizes[1:]):
    key, sub = jax.random.split(key)
    params.append((jax.random.normal(sub, (din, dout)) / np.sqrt(din), jnp.zeros((dout,))))
  return params


if __name__ == "__main__":
  mesh = Mesh(np.array(jax.devices()), ("batch",))
  optimizer = optax.sgd(1e-2, momentum=0.9)
  params = init(jax.random.key(0), [32, 64, 64, 8])
  opt_state = optimizer.init(params)
  step = make_train_step(mesh, optimizer, n_micro=4)
  x = jnp.ones((128, 32))
  y = jnp.zeros((128, 8))
  step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))
