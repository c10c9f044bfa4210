import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from layers import stack

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))


def per_device_loss(ws, x):
  return jax.lax.pmean(jnp.mean(stack(ws, x) ** 2), 'data')


with jax.set_mesh(mesh):
  ws = jnp.ones((6, 64, 64)) * 0.01
  x = jnp.ones((16, 64))
  loss = jax.shard_map(per_device_loss, in_specs=(P(), P('data')), out_specs=P())
  jax.jit(jax.value_and_grad(loss)).trace(ws, x).lower(lowering_platforms=('cuda',))
