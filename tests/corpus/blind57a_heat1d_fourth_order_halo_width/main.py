import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

N_DEV = 4
NX = 4096
KAPPA = 1.0e-2
DX = 1.0 / NX
DT = 0.2 * DX * DX / KAPPA
HALO = 1  # ghost cells per side

mesh = jax.make_mesh((N_DEV,), ("space",))
FWD = [(i, (i + 1) % N_DEV) for i in range(N_DEV)]
BWD = [(i, (i - 1) % N_DEV) for i in range(N_DEV)]


def pad_with_neighbours(u):
  left_ghost = jax.lax.ppermute(u[-HALO:], "space", FWD)
  right_ghost = jax.lax.ppermute(u[:HALO], "space", BWD)
  return jnp.concatenate([left_ghost, u, right_ghost])


def laplacian4(p):
  """Fourth-order central difference: needs two neighbours on each side."""
  return (-p[4:] + 16.0 * p[3:-1] - 30.0 * p[2:-2] + 16.0 * p[1:-3] - p[:-4]) / (12.0 * DX * DX)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("space"), P()), out_specs=P("space"))
def advance(u, n_steps):
  def step(i, u):
    return u + DT * KAPPA * laplacian4(pad_with_neighbours(u))

  return jax.lax.fori_loop(0, n_steps, step, u)


run = jax.jit(advance)

if __name__ == "__main__":
  u = jax.ShapeDtypeStruct((NX,), jnp.float32, sharding=NamedSharding(mesh, P("space")))
  n = jax.ShapeDtypeStruct((), jnp.int32, sharding=NamedSharding(mesh, P()))
  run.trace(u, n).lower(lowering_platforms=("cuda",))
