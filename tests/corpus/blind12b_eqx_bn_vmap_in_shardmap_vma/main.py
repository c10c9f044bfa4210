import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import Model

DATA, BATCH = 'data', 'batch'


def build_forward(static, mesh):
  def local_forward(params, state, xs):
    model = eqx.combine(params, static)
    batched = eqx.filter_vmap(model, axis_name=BATCH, in_axes=(0, None), out_axes=(0, None))
    ys, _ = batched(xs, state)
    return ys

  return jax.jit(jax.shard_map(local_forward, mesh=mesh,
                               in_specs=(P(), P(), P(DATA)), out_specs=P(DATA)))


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), (DATA,))
  model, state = eqx.nn.make_with_state(Model)(jax.random.key(0), BATCH)
  params, static = eqx.partition(model, eqx.is_array)
  fwd = build_forward(static, mesh)
  fwd.trace(params, state, jnp.ones((32, 3))).lower(lowering_platforms=('cuda',))
