import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import ModelConfig, apply_stack, create_stack

cfg = ModelConfig()
mesh = jax.make_mesh((4,), (cfg.tp_axis,), axis_types=(jax.sharding.AxisType.Explicit,))

with jax.set_mesh(mesh):
  blocks = create_stack(cfg, nnx.Rngs(0))
  graphdef, state = nnx.split(blocks)
  specs = nnx.get_partition_spec(state)

  @jax.jit
  def forward(state, x):
    def body(state, x):
      return apply_stack(nnx.merge(graphdef, state), x)
    return jax.shard_map(body, in_specs=(specs, P()), out_specs=P())(state, x)

  forward.trace(state, jnp.ones((2, 8, cfg.d_model))).lower(lowering_platforms=('cuda',))
