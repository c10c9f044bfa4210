import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from config import Config
from model import Classifier
from train import make_grad_step

cfg = Config()
mesh = Mesh(np.array(jax.devices()), (cfg.axis,))

model = Classifier(cfg, jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
grad_step = make_grad_step(static, params, mesh, cfg)

x = jax.ShapeDtypeStruct((cfg.batch_size, cfg.in_features), jnp.float32)
y = jax.ShapeDtypeStruct((cfg.batch_size,), jnp.int32)
grad_step.trace(params, x, y).lower(lowering_platforms=("cuda",))
