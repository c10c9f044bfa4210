import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import model

B, S, D, F = 8, 256, 128, 512

mesh = jax.make_mesh((2, 2), ("data", "seq"))

with jax.sharding.use_mesh(mesh):
  params = jax.eval_shape(lambda k: model.init(k, D, F), jax.random.key(0))
  x = jax.ShapeDtypeStruct((B, S, D), jnp.float32, sharding=NamedSharding(mesh, model.SEQ_SHARDED))
  encode = jax.jit(model.encoder)
  encode.trace(params, x).lower(lowering_platforms=("tpu",))
