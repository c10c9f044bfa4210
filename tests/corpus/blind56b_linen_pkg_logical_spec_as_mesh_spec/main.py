import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType, PartitionSpec as P

from lm.config import ModelConfig, ShardingConfig
from lm.train import build, train_step

model_cfg = ModelConfig()
shard_cfg = ShardingConfig()
mesh = jax.make_mesh(shard_cfg.mesh_shape, shard_cfg.mesh_axes,
                     axis_types=(AxisType.Auto,) * len(shard_cfg.mesh_axes))

tokens = jnp.zeros((16, 32), jnp.int32)
with jax.set_mesh(mesh), nn.logical_axis_rules(shard_cfg.rules):
    jit_init, state_spec = build(model_cfg, shard_cfg, mesh, tokens)
    state = jax.eval_shape(jit_init, jax.random.key(0), tokens)
    step = jax.jit(train_step,
                   in_shardings=(state_spec, P("data", None), P("data", None)),
                   out_shardings=(state_spec, P()))
    step.trace(state, tokens, tokens).lower(lowering_platforms=("tpu",))
