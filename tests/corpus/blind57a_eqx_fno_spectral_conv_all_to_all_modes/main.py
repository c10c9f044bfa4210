import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from fno import FNOBlock

AXIS = "rows"
mesh = jax.make_mesh((4,), (AXIS,))

block = FNOBlock(width=32, modes=16, axis_name=AXIS, key=jax.random.key(0))
params, static = eqx.partition(block, eqx.is_array)
opt = optax.adam(1e-3)


def relative_l2(params, a, u):
  pred = jax.vmap(eqx.combine(params, static))(a)
  num = jax.lax.psum(jnp.sum((pred - u) ** 2), AXIS)
  den = jax.lax.psum(jnp.sum(u ** 2), AXIS)
  return jnp.sqrt(num / den)


@eqx.filter_jit
def train_step(params, opt_state, a, u):
  def local(params, opt_state, a, u):
    loss, grads = jax.value_and_grad(relative_l2)(params, a, u)
    updates, opt_state = opt.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  spmd = jax.shard_map(local, mesh=mesh,
                       in_specs=(P(), P(), P(None, None, AXIS), P(None, None, AXIS)),
                       out_specs=(P(), P(), P()))
  return spmd(params, opt_state, a, u)


if __name__ == "__main__":
  opt_state = opt.init(params)
  grid = NamedSharding(mesh, P(None, None, AXIS))
  a = jax.ShapeDtypeStruct((8, 32, 128, 128), jnp.float32, sharding=grid)   # (batch, c, nx, ny)
  jax.jit(train_step).trace(params, opt_state, a, a).lower(lowering_platforms=("tpu",))
