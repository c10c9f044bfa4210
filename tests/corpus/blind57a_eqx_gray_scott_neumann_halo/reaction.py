import equinox as eqx
import jax.numpy as jnp
from jax import lax


def neumann_halo(u, axis_name, n_dev):
  """One ghost cell per side; reflecting at the two physical walls."""
  ghost_l = lax.ppermute(u[-1:], axis_name, [(i, i + 1) for i in range(n_dev - 1)])
  ghost_r = lax.ppermute(u[:1], axis_name, [(i + 1, i) for i in range(n_dev - 1)])
  me = lax.axis_index(axis_name)
  ghost_l = jnp.where(me == 0, u[:1], ghost_l)
  ghost_r = jnp.where(me == n_dev - 1, u[-1:], ghost_r)
  return jnp.concatenate([ghost_l, u, ghost_r])


class GrayScott(eqx.Module):
  du: float
  dv: float
  feed: float
  kill: float
  axis_name: str = eqx.field(static=True)
  n_dev: int = eqx.field(static=True)

  def laplace(self, a):
    p = neumann_halo(a, self.axis_name, self.n_dev)
    return p[:-2] - 2.0 * a + p[2:]

  def __call__(self, u, v, dt):
    uvv = u * v * v
    u_new = u + dt * (self.du * self.laplace(u) - uvv + self.feed * (1.0 - u))
    v_new = v + dt * (self.dv * self.laplace(v) + uvv - (self.feed + self.kill) * v)
    return u_new, v_new
