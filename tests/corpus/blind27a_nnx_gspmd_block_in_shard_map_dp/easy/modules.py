import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


class FeedForward(nnx.Module):
  def __init__(self, dim, hidden, *, partition_activations=True, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(dim, hidden, rngs=rngs)
    self.fc2 = nnx.Linear(hidden, dim, rngs=rngs)
    self.partition_activations = partition_activations

  def __call__(self, x):
    h = jax.nn.silu(self.fc1(x))
    if self.partition_activations:
      h = jax.lax.with_sharding_constraint(h, P("dp", None))
    return x + self.fc2(h)


class Classifier(nnx.Module):
  def __init__(self, dim, hidden, classes, *, partition_activations=True, rngs):
    self.ff = FeedForward(dim, hidden, partition_activations=partition_activations, rngs=rngs)
    self.head = nnx.Linear(dim, classes, rngs=rngs)

  def __call__(self, x):
    return self.head(self.ff(x))
