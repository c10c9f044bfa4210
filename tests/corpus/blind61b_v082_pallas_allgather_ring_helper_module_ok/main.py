import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from collectives import make_row_all_gather

mesh = Mesh(np.array(jax.devices()), ("x",))
gather_rows = make_row_all_gather(mesh, "x")


@jax.jit
def gram(x, w):
  full = gather_rows(x)
  return full @ w


def main():
  x = jax.ShapeDtypeStruct((4 * 8, 128), jnp.float32,
                           sharding=NamedSharding(mesh, P("x")))
  w = jax.ShapeDtypeStruct((128, 256), jnp.float32,
                           sharding=NamedSharding(mesh, P()))
  print(gram.trace(x, w).lower(lowering_platforms=("tpu",)).as_text()[:200])


if __name__ == "__main__":
  main()
