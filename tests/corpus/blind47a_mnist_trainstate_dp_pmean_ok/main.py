import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

import train

mesh = Mesh(np.array(jax.devices()), axis_names=('batch',))
state = train.create_train_state(jax.random.PRNGKey(0))

p_train_step = jax.jit(
    shard_map(
        train.train_step,
        mesh=mesh,
        in_specs=(P(), P('batch'), P('batch')),
        out_specs=(P(), P()),
    ),
    donate_argnums=(0,),
)

images = jnp.zeros((32, 28, 28, 1), jnp.float32)
labels = jnp.zeros((32,), jnp.int32)
print(p_train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',)).as_text()[:40])
