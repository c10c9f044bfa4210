import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from config import get_config
from model import build_model
from train import create_train_state, make_train_step

cfg = get_config()
mesh = Mesh(np.array(jax.devices()), cfg.mesh.axes)

model = build_model(cfg.model)
image_shape = (1, cfg.image_size, cfg.image_size, 3)
state = create_train_state(model, jax.random.key(0), image_shape, cfg)

images = jnp.zeros((cfg.global_batch_size, cfg.image_size, cfg.image_size, 3), jnp.float32)
labels = jnp.zeros((cfg.global_batch_size,), jnp.int32)

train_step = make_train_step(model, mesh, cfg)
train_step.trace(state, images, labels).lower(lowering_platforms=("cuda",))
