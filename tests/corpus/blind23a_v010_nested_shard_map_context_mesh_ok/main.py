import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)


def tp_matmul(x, w):
  return lax.psum(x @ w, 'model')


def dp_step(x, w):
  inner = jax.shard_map(tp_matmul, in_specs=(P(None, 'model'), P('model', None)),
                        out_specs=P(), axis_names={'model'})
  y = inner(x, w)
  return lax.pmean(jnp.mean(y), 'data')


with jax.set_mesh(mesh):
  step = jax.jit(jax.shard_map(dp_step, in_specs=(P('data'), P()), out_specs=P(),
                               axis_names={'data'}))
  print(step.trace(jnp.ones((8, 32)), jnp.ones((32, 16))).lower(
      lowering_platforms=('cuda',)).as_text()[:60])
