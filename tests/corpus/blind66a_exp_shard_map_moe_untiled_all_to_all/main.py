import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

import config
from moe import init_moe, moe_ffn

mesh = Mesh(np.array(jax.devices()), (config.EXPERT_AXIS,))
E = config.EXPERT_AXIS

param_specs = {"router": P(), "w_in": P(E), "w_out": P(E)}
layer = jax.jit(
    shard_map(moe_ffn, mesh=mesh, in_specs=(param_specs, P(E)), out_specs=P(E)))

params = jax.eval_shape(init_moe, jax.random.key(0))
tokens = jax.ShapeDtypeStruct((4 * 256, config.D_MODEL), jnp.float32)
layer.trace(params, tokens).lower(lowering_platforms=("tpu",))
