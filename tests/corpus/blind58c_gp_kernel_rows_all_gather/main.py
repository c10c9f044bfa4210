from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("rows",))


def rbf(x1, x2, lengthscale, variance):
    sq = jnp.sum((x1[:, None, :] - x2[None, :, :]) ** 2, axis=-1)
    return variance * jnp.exp(-0.5 * sq / lengthscale ** 2)


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P("rows", None), P("rows"), P(), P()),
         out_specs=(P("rows", None), P()))
def kernel_rows_and_quad(x_local, alpha_local, lengthscale, variance):
    """Each device builds its block of rows of K(X, X) and its share of alpha^T K alpha."""
    x_all = lax.all_gather(x_local, "rows", tiled=True)
    alpha_all = lax.all_gather(alpha_local, "rows", tiled=True)
    k_rows = rbf(x_local, x_all, lengthscale, variance)
    quad = lax.psum(alpha_local @ (k_rows @ alpha_all), "rows")
    return k_rows, quad


@jax.jit
def gp_objective(x, alpha, log_ls, log_var):
    k_rows, quad = kernel_rows_and_quad(x, alpha, jnp.exp(log_ls), jnp.exp(log_var))
    # representer-theorem objective for kernel ridge regression with unit noise
    return 0.5 * quad + 0.5 * jnp.sum(alpha ** 2), k_rows


def main():
    n, d = 1024, 8
    x = jax.ShapeDtypeStruct((n, d), jnp.float32, sharding=NamedSharding(mesh, P("rows", None)))
    alpha = jax.ShapeDtypeStruct((n,), jnp.float32, sharding=NamedSharding(mesh, P("rows")))
    scalar = jax.ShapeDtypeStruct((), jnp.float32)
    gp_objective.trace(x, alpha, scalar, scalar).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
