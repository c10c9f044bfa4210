import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from config import get_config
from model import Classifier
from train import create_sharded_state, make_train_step

cfg = get_config()
devices = np.array(jax.devices()).reshape(cfg["mesh_shape"])
mesh = Mesh(devices, cfg["mesh_axes"])

model = Classifier(cfg["d_ff"], cfg["num_classes"])
init_fn, state_sharding, batch_sharding = create_sharded_state(model, mesh, cfg)
state = jax.eval_shape(init_fn, jax.random.key(0))

train_step = make_train_step(mesh, state_sharding, batch_sharding)
x = jax.ShapeDtypeStruct((cfg["batch_size"], cfg["d_model"]), jnp.float32)
y = jax.ShapeDtypeStruct((cfg["batch_size"],), jnp.int32)
with mesh:
  train_step.trace(state, x, y).lower(lowering_platforms=("cuda",))
