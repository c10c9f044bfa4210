import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard

N = 512
mesh = jax.make_mesh((4,), ("s",), axis_types=(AxisType.Explicit,))

ROWS = P("s", None)
COLS = P(None, "s")


def wavenumbers(n):
  return jnp.fft.fftfreq(n, d=1.0 / n).astype(jnp.float32)


@jax.jit
def spectral_grad(u):
  # x-direction transform is local for row slabs
  u_hat = jnp.fft.fft(u.astype(jnp.complex64), axis=1)
  # move the distributed dimension before transforming along y
  u_hat = reshard(u_hat, COLS)
  u_hat = jnp.fft.fft(u_hat, axis=0)

  k = wavenumbers(N)
  kx = reshard(jnp.broadcast_to(k[None, :], (N, N)), COLS)
  ky = reshard(jnp.broadcast_to(k[:, None], (N, N)), COLS)
  dudx_hat = 1j * kx * u_hat
  dudy_hat = 1j * ky * u_hat

  def back(v_hat):
    v = jnp.fft.ifft(v_hat, axis=0)
    v = reshard(v, ROWS)
    return jnp.fft.ifft(v, axis=1).real

  return back(dudx_hat), back(dudy_hat)


if __name__ == "__main__":
  with jax.set_mesh(mesh):
    u = jax.ShapeDtypeStruct((N, N), jnp.float32, sharding=NamedSharding(mesh, ROWS))
    spectral_grad.trace(u).lower(lowering_platforms=("tpu",))
