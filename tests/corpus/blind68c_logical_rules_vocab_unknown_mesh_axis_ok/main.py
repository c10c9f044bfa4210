import jax
import jax.numpy as jnp
import optax

import sharding
from model import init_params
from train import make_train_step

mesh = sharding.create_mesh((2, 2))
optimizer = optax.adamw(3e-4)

params = jax.eval_shape(lambda: init_params(jax.random.key(0), vocab=512, d_model=128,
                                            n_heads=8, d_ff=512))
opt_state = jax.eval_shape(optimizer.init, params)
batch = {
    "inputs": jax.ShapeDtypeStruct((8, 64), jnp.int32),
    "targets": jax.ShapeDtypeStruct((8, 64), jnp.int32),
}

step = make_train_step(mesh, optimizer)
step.trace(params, opt_state, batch).lower(lowering_platforms=("tpu",))
