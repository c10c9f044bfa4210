from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as PS

import config
import model
from partitioning import BATCH, param_specs

mesh = Mesh(np.array(jax.devices()).reshape(config.MESH_SHAPE), config.MESH_AXES)

loss_fn = shard_map(model.loss, mesh=mesh, in_specs=(param_specs(), BATCH), out_specs=PS())
grad_fn = jax.jit(jax.value_and_grad(loss_fn))

params = jax.eval_shape(partial(model.init, d_model=config.D_MODEL, d_ff=config.D_FF),
                        jax.random.key(0))
x = jax.ShapeDtypeStruct((config.GLOBAL_BATCH, config.D_MODEL), jnp.float32)
grad_fn.trace(params, x).lower(lowering_platforms=("tpu",))
