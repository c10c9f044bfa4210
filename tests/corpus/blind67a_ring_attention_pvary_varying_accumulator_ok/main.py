from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import model

B, S, D, H = 4, 1024, 256, 4

mesh = jax.make_mesh((2, 2), ("data", "seq"), axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  params = jax.eval_shape(partial(model.init, d_model=D, n_heads=H), jax.random.key(0))
  x = jax.ShapeDtypeStruct((B, S, D), jnp.bfloat16, sharding=NamedSharding(mesh, P("data", "seq")))
  params = jax.tree.map(lambda p: jax.ShapeDtypeStruct(p.shape, jnp.bfloat16), params)
  step = jax.jit(model.attention_block)
  step.trace(params, x).lower(lowering_platforms=("tpu",))
