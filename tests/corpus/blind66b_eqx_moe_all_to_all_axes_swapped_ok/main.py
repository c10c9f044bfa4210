import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh

import config
from model import MoELayer
from parallel import moe_param_specs
from train import make_train_step

mesh = Mesh(np.array(jax.devices()), (config.EXPERT_AXIS,))
n_shards = mesh.shape[config.EXPERT_AXIS]

moe = MoELayer(config.D_MODEL, config.D_HIDDEN, config.NUM_EXPERTS,
               config.TOKENS_PER_SHARD, axis_name=config.EXPERT_AXIS,
               key=jax.random.key(0))
params, static = eqx.partition(moe, eqx.is_array)
specs = moe_param_specs(params)

optim = optax.sgd(1e-2)
opt_state = optim.init(params)
train_step = make_train_step(mesh, static, specs, optim)

tokens = config.TOKENS_PER_SHARD * n_shards
x = jax.ShapeDtypeStruct((tokens, config.D_MODEL), jnp.float32)
y = jax.ShapeDtypeStruct((tokens, config.D_MODEL), jnp.float32)
train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
