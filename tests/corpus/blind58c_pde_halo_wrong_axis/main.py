from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

# strip decomposition along x for now; y kept as a mesh axis for later 2-D runs
PX, PY = 4, 1
mesh = jax.make_mesh((PX, PY), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


def periodic(n, shift):
    return [(i, (i + shift) % n) for i in range(n)]


def exchange(u):
    nx = PX
    # ghost rows from the neighbours above / below
    top = lax.ppermute(u[-1:], "x", periodic(nx, 1))
    bottom = lax.ppermute(u[:1], "x", periodic(nx, -1))
    u = jnp.concatenate([top, u, bottom], axis=0)
    # ghost columns (copy-pasted from the row exchange)
    left = lax.ppermute(u[:, -1:], "y", periodic(nx, 1))
    right = lax.ppermute(u[:, :1], "y", periodic(nx, -1))
    return jnp.concatenate([left, u, right], axis=1)


def jacobi_sweep(u, f, h):
    p = exchange(u)
    return 0.25 * (p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] - h * h * f)


@partial(jax.shard_map, mesh=mesh, in_specs=(P("x", "y"), P("x", "y")),
         out_specs=(P("x", "y"), P()))
def poisson_solve(u, f):
    h = 1.0 / (u.shape[0] * PX)
    u = lax.fori_loop(0, 500, lambda _, u: jacobi_sweep(u, f, h), u)
    res = jacobi_sweep(u, f, h) - u
    return u, jnp.sqrt(lax.psum(jnp.sum(res ** 2), ("x", "y")))


def main():
    u = jnp.zeros((256, 256))
    f = jnp.ones((256, 256))
    jax.jit(poisson_solve).trace(u, f).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
