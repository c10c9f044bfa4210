import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from stencil import halo_exchange, laplacian

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("x", "y"))
NX, NY = mesh.shape["x"], mesh.shape["y"]


def heat_steps(u, kappa, dt, h, n_steps):
    def body(_, u):
        padded = halo_exchange(u, NX, NY)
        return u + dt * kappa * laplacian(padded, h)

    u = lax.fori_loop(0, n_steps, body, u)
    energy = lax.psum(jnp.sum(u ** 2), ("x", "y")) * h ** 2
    return u, energy


@functools.partial(jax.jit, static_argnames=("n_steps",))
def solve(u0, kappa, n_steps=200):
    h = 1.0 / u0.shape[0]
    dt = 0.2 * h ** 2 / kappa
    step = jax.shard_map(
        functools.partial(heat_steps, kappa=kappa, dt=dt, h=h, n_steps=n_steps),
        mesh=mesh, in_specs=P("x", "y"), out_specs=(P("x", "y"), P()),
    )
    return step(u0)


def main():
    u0 = jax.ShapeDtypeStruct((512, 512), jnp.float32,
                              sharding=NamedSharding(mesh, P("x", "y")))
    solve.trace(u0, 1.0).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
