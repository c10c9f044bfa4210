import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

from model import MLP
from train import make_train_step
from train.parallel import DATA_AXIS


def main():
  mesh = Mesh(np.array(jax.devices()), (DATA_AXIS,))
  model = MLP(16, 64, 10, rngs=nnx.Rngs(0))
  opt = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  graphdef, state = nnx.split((model, opt))
  step = make_train_step(mesh, graphdef)
  x = jnp.ones((32, 16))
  y = jnp.zeros((32,), jnp.int32)
  step.trace(state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
