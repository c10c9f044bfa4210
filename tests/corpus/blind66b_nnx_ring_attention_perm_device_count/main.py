import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

import parallel
from models.ring import SeqModel
from train import make_train_step

mesh = Mesh(np.array(jax.devices()).reshape(2, 2),
            (parallel.DATA_AXIS, parallel.SEQ_AXIS))

model = SeqModel(128, 4, 1000, axis_name=parallel.SEQ_AXIS,
                 perm=parallel.ring_permutation(mesh), rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)

train_step = make_train_step(mesh)
tokens = jnp.zeros((8, 129), jnp.int32)
inputs, targets = tokens[:, :-1], tokens[:, 1:]
train_step.trace(model, optimizer, inputs, targets).lower(lowering_platforms=("tpu",))
