import jax.numpy as jnp
import optax
from flax import nnx

from mlproj.mesh import data_parallel_mesh
from mlproj.model import Classifier
from mlproj.train import make_step

mesh = data_parallel_mesh()
model = Classifier(32, 10, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
step = make_step(mesh)

x = jnp.ones((16, 32))
y = jnp.zeros((16,), jnp.int32)
step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
