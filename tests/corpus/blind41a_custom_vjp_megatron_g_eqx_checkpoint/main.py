import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

TP = 'tp'


@jax.custom_vjp
def reduce_from_tp(x):
  return jax.lax.psum(x, TP)


def _reduce_fwd(x):
  return jax.lax.psum(x, TP), None


def _reduce_bwd(_, g):
  return (g,)


reduce_from_tp.defvjp(_reduce_fwd, _reduce_bwd)


class RowParallel(eqx.Module):
  w: jax.Array    # local rows [d_in / tp, d_out]

  def __call__(self, x_local):
    return reduce_from_tp(x_local @ self.w)


@eqx.filter_grad
def loss_grad(layer, x_local, y):
  out = eqx.filter_checkpoint(layer)(x_local)
  return jnp.mean((out - y) ** 2)


mesh = Mesh(np.array(jax.devices()), (TP,))
layer = RowParallel(jnp.ones((32, 8)) * 0.01)


def step(w, x, y):
  return loss_grad(RowParallel(w), x, y).w


step = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(TP), P(None, TP), P()), out_specs=P(TP)))
step.trace(layer.w, jnp.ones((4, 32)), jnp.zeros((4, 8))).lower(lowering_platforms=('cuda',))
print('ok')
