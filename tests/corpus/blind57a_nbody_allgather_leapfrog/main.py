from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

from nbody import gathered_acc

N_BODIES = 2048
DT = 1e-3

mesh = jax.make_mesh((4,), ("p",))


def leapfrog(pos, vel, mass, n_steps):
  def kdk(_, state):
    x, v = state
    v = v + 0.5 * DT * gathered_acc(x, mass, "p")
    x = x + DT * v
    v = v + 0.5 * DT * gathered_acc(x, mass, "p")
    return x, v

  return jax.lax.fori_loop(0, n_steps, kdk, (pos, vel))


@partial(jax.jit, static_argnames="n_steps")
def integrate(pos, vel, mass, n_steps=100):
  f = shard_map(partial(leapfrog, n_steps=n_steps), mesh=mesh,
                in_specs=(P("p"), P("p"), P("p")), out_specs=(P("p"), P("p")))
  return f(pos, vel, mass)


if __name__ == "__main__":
  rows = NamedSharding(mesh, P("p"))
  pos = jax.ShapeDtypeStruct((N_BODIES, 3), jnp.float32, sharding=rows)
  mass = jax.ShapeDtypeStruct((N_BODIES,), jnp.float32, sharding=rows)
  integrate.trace(pos, pos, mass).lower(lowering_platforms=("cuda",))
