import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
import optax

import config
from model import SyncBNClassifier
from parallel import build_step

mesh = jax.make_mesh((len(jax.devices()),), (config.DATA_AXIS,))

model, state = eqx.nn.make_with_state(SyncBNClassifier)(
    config.IMAGE_SHAPE[0],
    config.NUM_CLASSES,
    key=jr.PRNGKey(42),
    bn_axes=(config.DATA_AXIS, config.LOCAL_AXIS),
)
optim = optax.sgd(0.05, momentum=0.9)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
arrays, static = eqx.partition((model, state, opt_state), eqx.is_array)

step = jax.jit(build_step(static, optim, mesh))

x = jax.ShapeDtypeStruct((config.BATCH_SIZE, *config.IMAGE_SHAPE), jnp.float32)
y = jax.ShapeDtypeStruct((config.BATCH_SIZE,), jnp.int32)
step.trace(arrays, x, y).lower(lowering_platforms=("tpu",))
