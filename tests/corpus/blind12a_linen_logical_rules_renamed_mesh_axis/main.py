import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from t5x_lite import partitioning

MESH_AXES = ("data", "tensor")
from t5x_lite.model import Classifier
from t5x_lite.train import make_step, shardings_for

if __name__ == "__main__":
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), MESH_AXES)
  model = Classifier()
  x = jnp.ones((16, 64))
  y = jnp.zeros((16,), jnp.int32)
  param_shardings = shardings_for(model, mesh, x)
  params = jax.eval_shape(lambda: model.init(jax.random.key(0), x))
  step = make_step(model, mesh, param_shardings)
  step.trace(params, x, y).lower(lowering_platforms=("tpu",))
