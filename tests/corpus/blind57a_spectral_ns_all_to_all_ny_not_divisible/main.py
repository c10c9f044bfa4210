import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from spectral import dist_fft2, dist_ifft2

NX, NY = 128, 90   # channel-like box: 128 x 90 modes
VISC = 1e-3
DT = 1e-3

mesh = jax.make_mesh((4,), ("proc",))


def diffuse_local(w):
  # implicit viscous step in Fourier space: w_hat / (1 + dt * nu * k^2)
  n_loc = NY // 4
  kx = jnp.fft.fftfreq(NX) * NX
  ky = jnp.fft.fftfreq(NY) * NY
  ky = jax.lax.dynamic_slice_in_dim(ky, jax.lax.axis_index("proc") * n_loc, n_loc)
  k2 = kx[:, None] ** 2 + ky[None, :] ** 2
  w_hat = dist_fft2(w.astype(jnp.complex64), "proc")
  w_hat = w_hat / (1.0 + DT * VISC * k2)
  return dist_ifft2(w_hat, "proc").real


def step(w):
  return jax.shard_map(diffuse_local, mesh=mesh, in_specs=P("proc", None),
                       out_specs=P("proc", None))(w)


step = jax.jit(step)

if __name__ == "__main__":
  w0 = jax.ShapeDtypeStruct((NX, NY), jnp.float32, sharding=NamedSharding(mesh, P("proc", None)))
  step.trace(w0).lower(lowering_platforms=("cuda",))
