from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import halo

GRID = (2, 2)
N = 512
H = 1.0 / N
NU = 0.1
DT = 0.2 * H * H / NU

devices = np.array(jax.devices()).reshape(GRID)
mesh = Mesh(devices, ("rows", "columns"))


def block_step(u):
  padded = halo.pad2d(u, GRID)
  return u + DT * NU * halo.five_point(padded, H)


def simulate(u, n_steps=50):
  stepper = jax.shard_map(block_step, mesh=mesh,
                          in_specs=P("rows", "columns"), out_specs=P("rows", "columns"))
  return jax.lax.fori_loop(0, n_steps, lambda _, v: stepper(v), u)


if __name__ == "__main__":
  spec = NamedSharding(mesh, P("rows", "columns"))
  u0 = jax.ShapeDtypeStruct((N, N), jnp.float32, sharding=spec)
  jax.jit(simulate, out_shardings=spec).trace(u0).lower(lowering_platforms=("tpu",))
