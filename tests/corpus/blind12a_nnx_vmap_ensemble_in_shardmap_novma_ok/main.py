import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh

from ens.members import make_ensemble
from ens.names import DATA
from ens.step import make_step


def main():
  mesh = Mesh(np.array(jax.devices()), (DATA,))
  ensemble = make_ensemble(5, 8, 1)
  graphdef, state = nnx.split(ensemble)
  step = make_step(graphdef, mesh)
  x = jnp.ones((32, 8))
  y = jnp.ones((32, 1))
  step.trace(state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
