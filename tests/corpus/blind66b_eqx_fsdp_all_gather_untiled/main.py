import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType

from model import Classifier
from parallel import sharded_step
from train import BATCH_AXIS

mesh = jax.make_mesh((jax.device_count(),), (BATCH_AXIS,),
                     axis_types=(AxisType.Auto,))

model = Classifier(784, 256, 2, 10, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.sgd(1e-2)
opt_state = optim.init(params)

step = sharded_step(mesh, params, static, optim)
x = jax.ShapeDtypeStruct((128, 784), jnp.float32)
y = jax.ShapeDtypeStruct((128,), jnp.int32)
step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
