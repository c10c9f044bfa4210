from functools import partial

import jax
from jax import lax, numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

N = 256
L = 2 * jnp.pi
AX = "slab"

mesh = jax.make_mesh((4,), (AX,), axis_types=(AxisType.Auto,))


def transpose_slabs(x):
  # rows-distributed (N/4, N)  ->  columns-distributed (N, N/4)
  return lax.all_to_all(x, AX, split_axis=1, concat_axis=0, tiled=True)


def untranspose_slabs(x):
  return lax.all_to_all(x, AX, split_axis=0, concat_axis=1, tiled=True)


def fft2_slab(x):
  x = jnp.fft.fft(x, axis=1)
  x = transpose_slabs(x)
  return jnp.fft.fft(x, axis=0)


def ifft2_slab(xh):
  xh = jnp.fft.ifft(xh, axis=0)
  xh = untranspose_slabs(xh)
  return jnp.fft.ifft(xh, axis=1)


def poisson_local(rho):
  k = jnp.fft.fftfreq(N, d=L / (2 * jnp.pi * N))
  idx = lax.axis_index(AX)
  # after the transpose each device owns a contiguous block of ky columns
  ky = lax.dynamic_slice_in_dim(k, idx * (N // 4), N // 4)
  k2 = k[:, None] ** 2 + ky[None, :] ** 2
  rho_hat = fft2_slab(rho.astype(jnp.complex64))
  phi_hat = jnp.where(k2 > 0, -rho_hat / jnp.where(k2 > 0, k2, 1.0), 0.0)
  return ifft2_slab(phi_hat).real


@jax.jit
def solve_poisson(rho):
  return jax.shard_map(poisson_local, mesh=mesh, in_specs=P(AX, None), out_specs=P(AX, None))(rho)


if __name__ == "__main__":
  rho = jax.ShapeDtypeStruct((N, N), jnp.float32, sharding=NamedSharding(mesh, P(AX, None)))
  solve_poisson.trace(rho).lower(lowering_platforms=("tpu",))
