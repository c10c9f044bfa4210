import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import ensemble


def evaluate(members, x):
  logits = ensemble.ensemble_forward(members, x)
  return jax.nn.log_softmax(logits.mean(axis=0))


if __name__ == '__main__':
  mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))
  members = ensemble.make_ensemble(8, 32, 10, nnx.Rngs(0))
  eval_fn = nnx.jit(evaluate)
  x = jax.ShapeDtypeStruct((64, 32), jnp.float32, sharding=NamedSharding(mesh, P('data')))
  eval_fn.trace(members, x).lower(lowering_platforms=('tpu',))
