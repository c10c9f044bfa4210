import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh

from lm import build_forward, create_stack
from lm.axes import DATA, MODEL


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DATA, MODEL))
  with jax.set_mesh(mesh):
    stack = create_stack(num_layers=4, dim=32, hidden=128)
  graphdef, state = nnx.split(stack)
  forward = build_forward(graphdef, state, mesh)
  forward.trace(state, jnp.ones((8, 32))).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
