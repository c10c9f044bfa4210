import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from ensemble import ensemble_predict

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))


def eval_step(ws, x):
  logp, spread = ensemble_predict(ws, x)
  return logp[0], jnp.mean(spread ** 2, axis=0)


if __name__ == '__main__':
  with jax.set_mesh(mesh):
    ws = jnp.ones((5, 16, 10))
    x = jax.device_put(jnp.ones((32, 16)), P('data'))
    f = jax.jit(jax.shard_map(eval_step, in_specs=(P(), P('data')),
                              out_specs=(P('data'), P('data'))))
    f.trace(ws, x).lower(lowering_platforms=('cuda',))
