from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

from stencil import exchange_halo, laplacian

N_DEV = 4
NX = 1024
ALPHA = 0.05
DX = 1.0 / NX
DT = 0.4 * DX * DX / ALPHA  # explicit Euler, inside the stability limit

mesh = jax.make_mesh((N_DEV,), ("x",))


def local_steps(u, n_steps):
  def body(_, u):
    padded = exchange_halo(u, "x", N_DEV)
    return u + DT * ALPHA * laplacian(padded, DX)

  return lax.fori_loop(0, n_steps, body, u)


@partial(jax.jit, static_argnums=1)
def solve(u0, n_steps):
  stepper = jax.shard_map(partial(local_steps, n_steps=n_steps), mesh=mesh,
                          in_specs=P("x"), out_specs=P("x"))
  return stepper(u0)


if __name__ == "__main__":
  xs = jnp.linspace(0.0, 1.0, NX, endpoint=False)
  u0 = jnp.sin(2 * jnp.pi * xs) + 0.5 * jnp.sin(6 * jnp.pi * xs)
  u0 = jax.device_put(u0, NamedSharding(mesh, P("x")))
  solve.trace(u0, 200).lower(lowering_platforms=("cuda",))
