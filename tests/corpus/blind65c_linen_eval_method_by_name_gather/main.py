import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from evaluation import make_eval_step
from model import DualEncoder

mesh = Mesh(np.array(jax.devices()), ("data",))

model = DualEncoder(embed_dim=64)
images = jax.ShapeDtypeStruct((32, 512), jnp.float32)
texts = jax.ShapeDtypeStruct((32, 384), jnp.float32)
variables = jax.eval_shape(model.init, jax.random.key(0), images, texts)

eval_step = make_eval_step(model, mesh)
eval_step.trace(variables, images, texts).lower(lowering_platforms=("cuda",))
