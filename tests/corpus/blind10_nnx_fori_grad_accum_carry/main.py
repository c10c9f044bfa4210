import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

from model import TinyLM
from train import make_train_step


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = TinyLM(64, 32, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  step = make_train_step(mesh, n_micro=2)
  tokens = jnp.zeros((16, 9), jnp.int32)
  step.trace(model, optimizer, tokens).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
