import jax
from flax import nnx


class Classifier(nnx.Module):

  def __init__(self, din: int, dhidden: int, num_classes: int, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, rngs=rngs)
    # cross-replica batch statistics: mean/var are averaged over the 'data' axis
    self.bn = nnx.BatchNorm(dhidden, axis_name='data', rngs=rngs)
    self.dropout = nnx.Dropout(0.2, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, num_classes, rngs=rngs)

  def __call__(self, x):
    x = jax.nn.relu(self.bn(self.linear1(x)))
    return self.linear2(self.dropout(x))
