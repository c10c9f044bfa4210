import jax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class Classifier(nnx.Module):
  def __init__(self, mesh, din, nclass, *, rngs):
    self.feature_sharding = NamedSharding(mesh, P('data', None))
    self.backbone = nnx.Linear(din, 128, rngs=rngs)
    self.norm = nnx.LayerNorm(128, rngs=rngs)
    self.head = nnx.Linear(128, nclass, rngs=rngs)

  def __call__(self, x):
    h = self.norm(nnx.relu(self.backbone(x)))
    h = jax.lax.with_sharding_constraint(h, self.feature_sharding)
    return self.head(h)
