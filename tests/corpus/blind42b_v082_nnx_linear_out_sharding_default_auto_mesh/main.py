import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

# written against JAX 0.10, where make_mesh's axes are Explicit by default
mesh = jax.make_mesh((2, 2), ('data', 'model'))
kinit = nnx.initializers.xavier_uniform()


class MLP(nnx.Module):
  def __init__(self, rngs):
    self.fc1 = nnx.Linear(64, 256, kernel_init=nnx.with_partitioning(kinit, (None, 'model')), rngs=rngs)
    self.fc2 = nnx.Linear(256, 64, kernel_init=nnx.with_partitioning(kinit, ('model', None)), rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.fc1(x)), out_sharding=P('data', None))


with jax.set_mesh(mesh):
  model = MLP(nnx.Rngs(0))
  x = jax.device_put(jnp.ones((8, 64)), P('data', None))
  f = nnx.jit(lambda m, x: m(x))
  print(f.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
