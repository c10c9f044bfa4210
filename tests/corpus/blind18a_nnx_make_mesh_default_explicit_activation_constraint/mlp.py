import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class MLP(nnx.Module):
  def __init__(self, mesh, din, dhidden, dout, *, rngs):
    self.mesh = mesh
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.fc1(x))
    h = jax.lax.with_sharding_constraint(h, NamedSharding(self.mesh, P('data', None)))
    return self.fc2(h)
