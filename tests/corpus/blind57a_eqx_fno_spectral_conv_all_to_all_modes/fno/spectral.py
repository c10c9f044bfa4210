import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class SpectralConv2d(eqx.Module):
  w_real: jax.Array
  w_imag: jax.Array
  modes_x: int = eqx.field(static=True)
  modes_y: int = eqx.field(static=True)
  axis_name: str = eqx.field(static=True)

  def __init__(self, c_in, c_out, modes_x, modes_y, axis_name, *, key):
    kr, ki = jax.random.split(key)
    scale = 1.0 / (c_in * c_out)
    shape = (c_in, c_out, modes_x, modes_y)
    self.w_real = scale * jax.random.uniform(kr, shape)
    self.w_imag = scale * jax.random.uniform(ki, shape)
    self.modes_x, self.modes_y = modes_x, modes_y
    self.axis_name = axis_name

  def __call__(self, x):
    # x: (c_in, nx / P, ny) -- rows of the grid are distributed
    nx_local, ny = x.shape[1], x.shape[2]
    n_dev = lax.psum(1, self.axis_name)
    x_hat = jnp.fft.rfft(x, axis=2)[:, :, : self.modes_y]
    # transpose the slabs: every device now owns all kx for a block of ky modes
    x_hat = lax.all_to_all(x_hat, self.axis_name, split_axis=2, concat_axis=1, tiled=True)
    x_hat = jnp.fft.fft(x_hat, axis=1)[:, : self.modes_x]
    w = self.w_real + 1j * self.w_imag
    out_hat = jnp.einsum("ixy,ioxy->oxy", x_hat, w)
    out_hat = jnp.pad(out_hat, ((0, 0), (0, nx_local * n_dev - self.modes_x), (0, 0)))
    out = jnp.fft.ifft(out_hat, axis=1)
    out = lax.all_to_all(out, self.axis_name, split_axis=1, concat_axis=2, tiled=True)
    out = jnp.pad(out, ((0, 0), (0, 0), (0, ny // 2 + 1 - self.modes_y)))
    return jnp.fft.irfft(out, n=ny, axis=2)


class FNOBlock(eqx.Module):
  spectral: SpectralConv2d
  pointwise: eqx.nn.Conv2d

  def __init__(self, width, modes, axis_name, *, key):
    k1, k2 = jax.random.split(key)
    self.spectral = SpectralConv2d(width, width, modes, modes, axis_name, key=k1)
    self.pointwise = eqx.nn.Conv2d(width, width, 1, key=k2)

  def __call__(self, x):
    return jax.nn.gelu(self.spectral(x) + self.pointwise(x))
