import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

from lm.config import ModelConfig, ShardingConfig
from lm.train import build, train_step

model_cfg = ModelConfig()
shard_cfg = ShardingConfig()
mesh = jax.make_mesh(shard_cfg.mesh_shape, shard_cfg.mesh_axes)

tokens = jnp.zeros((16, 32), jnp.int32)
jit_init, state_sharding = build(model_cfg, shard_cfg, mesh, tokens)
data_sharding = NamedSharding(mesh, P("data", None))

with mesh, nn.logical_axis_rules(shard_cfg.rules):
    state = jax.eval_shape(jit_init, jax.random.key(0), tokens)
    step = jax.jit(train_step,
                   in_shardings=(state_sharding, data_sharding, data_sharding),
                   out_shardings=(state_sharding, None))
    step.trace(state, tokens, tokens).lower(lowering_platforms=("tpu",))
