import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class Projector(eqx.Module):
  mlp: eqx.nn.MLP
  mesh_axis: str = eqx.field(static=True)
  ex_axis: str = eqx.field(static=True)

  def __init__(self, d_in, d_out, mesh_axis, ex_axis, *, key):
    self.mlp = eqx.nn.MLP(d_in, d_out, 64, 2, key=key)
    self.mesh_axis = mesh_axis
    self.ex_axis = ex_axis

  def __call__(self, x):
    z = self.mlp(x)
    z = z / jnp.linalg.norm(z)
    # centre over the examples mapped on this device, scale by a statistic over all devices
    z = z - lax.pmean(z, self.ex_axis)
    scale = lax.pmean(jnp.sum(jnp.square(z)), self.mesh_axis)
    return z / jnp.sqrt(scale + 1e-6)
