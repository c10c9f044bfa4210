import jax
import jax.numpy as jnp
from jax.sharding import AxisType

import models
from configs import TrainConfig
from trainer import make_train_step

cfg = TrainConfig()
mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes,
                     axis_types=(AxisType.Auto,) * len(cfg.mesh_axes))
model = models.create(cfg.model)

train_step, abstract_state = make_train_step(model, mesh, cfg)
tokens = jax.ShapeDtypeStruct((cfg.batch_size, cfg.seq_len + 1), jnp.int32)
train_step.trace(abstract_state, tokens).lower(lowering_platforms=("tpu",))
