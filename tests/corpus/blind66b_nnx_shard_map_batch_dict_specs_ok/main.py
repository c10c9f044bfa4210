import jax
import optax
from flax import nnx
from jax.sharding import AxisType

import data
import parallel
from model import CNN
from train import train_step

mesh = jax.make_mesh((4,), (parallel.DATA_AXIS,), axis_types=(AxisType.Auto,))

model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3, 0.9), wrt=nnx.Param)

step = nnx.jit(parallel.sharded_step(mesh, train_step))

batch = data.synthetic_batch(32)
step.trace(model, optimizer, batch).lower(lowering_platforms=("tpu",))
