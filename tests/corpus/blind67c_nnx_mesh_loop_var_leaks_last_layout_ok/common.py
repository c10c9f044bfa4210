import jax
from flax import nnx

from model import DotReluDot


@nnx.jit
def create_sharded_model(depth=1024):
  model = DotReluDot(depth, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model
