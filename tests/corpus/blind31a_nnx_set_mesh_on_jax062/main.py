import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

MESH_SHAPE = {"data": 2, "model": 2}


class Mlp(nnx.Module):
  def __init__(self, rngs):
    init = nnx.initializers.lecun_normal()
    self.fc1 = nnx.Linear(32, 128, kernel_init=nnx.with_partitioning(init, (None, "model")), rngs=rngs)
    self.fc2 = nnx.Linear(128, 32, kernel_init=nnx.with_partitioning(init, ("model", None)), rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.fc1(x)))


devices = np.array(jax.devices()).reshape(tuple(MESH_SHAPE.values()))
mesh = Mesh(devices, tuple(MESH_SHAPE))


@nnx.jit
def create_model():
  model = Mlp(nnx.Rngs(0))
  state = nnx.state(model)
  nnx.update(model, jax.lax.with_sharding_constraint(state, nnx.get_partition_spec(state)))
  return model


with jax.set_mesh(mesh):
  model = create_model()

  @nnx.jit
  def forward(model, x):
    return model(x)

  x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P("data")))
  print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
