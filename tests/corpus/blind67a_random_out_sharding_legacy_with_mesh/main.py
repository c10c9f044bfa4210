from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import model
from train import optimizer, train_step

VOCAB, D_MODEL, D_FF, BATCH, SEQ = 1024, 256, 1024, 8, 65

mesh = jax.make_mesh((2, 2), ("data", "model"))

with mesh:
  init = jax.jit(partial(model.init_params, vocab=VOCAB, d_model=D_MODEL, d_ff=D_FF))
  params = jax.eval_shape(init, jax.random.key(0))
  opt_state = jax.eval_shape(optimizer.init, params)
  tokens = jax.ShapeDtypeStruct((BATCH, SEQ), jnp.int32, sharding=NamedSharding(mesh, P("data")))
  train_step.trace(params, opt_state, tokens).lower(lowering_platforms=("tpu",))
