import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

from zero import make_zero_step
from zero.optim import AXIS


class Regressor(nnx.Module):

  def __init__(self, rngs):
    self.a = nnx.Linear(10, 30, rngs=rngs)
    self.b = nnx.Linear(30, 1, rngs=rngs)

  def __call__(self, x):
    return self.b(nnx.relu(self.a(x)))


def main():
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  graphdef, params = nnx.split(Regressor(nnx.Rngs(0)), nnx.Param)
  tx = optax.adam(1e-3)
  step, flat = make_zero_step(graphdef, params, mesh, tx)
  # Per-device optimizer state for its 1/n slice, laid out along the data axis.
  shard = jnp.zeros((flat.size // mesh.shape[AXIS],))
  opt_state = jax.tree.map(lambda a: jnp.concatenate([a] * mesh.shape[AXIS]) if a.ndim else a,
                           tx.init(shard))
  opt_state = jax.tree.map(lambda a: a if a.ndim else jnp.broadcast_to(a, (mesh.shape[AXIS],)),
                           opt_state)
  x = jnp.ones((16, 10))
  y = jnp.ones((16, 1))
  step.trace(flat, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
