import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

import model
import train_lib

mesh = jax.make_mesh((4,), (train_lib.DATA,))

step = functools.partial(train_lib.sgd_step, lr=0.1, num_micro=4)
step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(train_lib.DATA)), out_specs=(P(), P()))
step = jax.jit(step, donate_argnums=0)

params = jax.eval_shape(lambda: model.init(jax.random.key(0), 784, 512, 10))
batch = {"x": jax.ShapeDtypeStruct((256, 784), jnp.float32),
         "y": jax.ShapeDtypeStruct((256,), jnp.int32)}
step.trace(params, batch).lower(lowering_platforms=("tpu",))
