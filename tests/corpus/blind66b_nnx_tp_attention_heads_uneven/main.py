import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType

import parallel
from config import CONFIG
from models.tp_attention import Block

mesh = jax.make_mesh((1, 4), ("data", "model"),
                     axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  block = Block(CONFIG, rngs=nnx.Rngs(0))

forward = parallel.shard_block(mesh, block)


@nnx.jit
def loss_step(block, x):
  y = forward(block, x)
  return jnp.mean(y ** 2)


x = jnp.ones((CONFIG.batch_size, CONFIG.seq_len, CONFIG.d_model), jnp.float32)
with jax.set_mesh(mesh):
  loss_step.trace(block, x).lower(lowering_platforms=("tpu",))
