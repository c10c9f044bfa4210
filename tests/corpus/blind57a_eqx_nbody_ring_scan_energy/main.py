import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

N_DEV = 4
AXIS = "bodies"


class RingGravity(eqx.Module):
  g: jax.Array
  softening: float = eqx.field(static=True)
  n_dev: int = eqx.field(static=True)

  def block_acc(self, x, x_blk, m_blk):
    d = x_blk[None] - x[:, None]
    r2 = jnp.sum(d ** 2, axis=-1) + self.softening ** 2
    return self.g * jnp.einsum("ij,ijk->ik", m_blk[None] * r2 ** -1.5, d)

  def __call__(self, x, m):
    perm = [(i, (i + 1) % self.n_dev) for i in range(self.n_dev)]

    def body(_, carry):
      acc, xb, mb = carry
      acc = acc + self.block_acc(x, xb, mb)
      return acc, lax.ppermute(xb, AXIS, perm), lax.ppermute(mb, AXIS, perm)

    acc, _, _ = lax.fori_loop(0, self.n_dev, body, (jnp.zeros_like(x), x, m))
    return acc


def evolve_local(model, x, v, m, dt, n_steps):
  def step(state, _):
    x, v = state
    v = v + dt * model(x, m)
    x = x + dt * v
    ke = lax.psum(0.5 * jnp.sum(m[:, None] * v ** 2), AXIS)
    return (x, v), ke

  (x, v), energies = lax.scan(step, (x, v), None, length=n_steps)
  return x, v, energies


@eqx.filter_jit
def evolve(model, x, v, m, mesh, dt=1e-3, n_steps=64):
  fn = jax.shard_map(
      lambda model, x, v, m: evolve_local(model, x, v, m, dt, n_steps),
      mesh=mesh,
      in_specs=(P(), P(AXIS), P(AXIS), P(AXIS)),
      out_specs=(P(AXIS), P(AXIS), P()),
  )
  return fn(model, x, v, m)


if __name__ == "__main__":
  mesh = jax.make_mesh((N_DEV,), (AXIS,))
  model = RingGravity(g=jnp.asarray(1.0), softening=0.05, n_dev=N_DEV)
  blk = NamedSharding(mesh, P(AXIS))
  x = jax.ShapeDtypeStruct((1024, 3), jnp.float32, sharding=blk)
  m = jax.ShapeDtypeStruct((1024,), jnp.float32, sharding=blk)
  # lower the whole program for the TPU pod from this host
  program = jax.jit(lambda model, x, v, m: evolve(model, x, v, m, mesh))
  program.trace(model, x, x, m).lower(lowering_platforms=("tpu",))
