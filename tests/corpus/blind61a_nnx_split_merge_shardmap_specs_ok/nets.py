from flax import nnx


class Classifier(nnx.Module):

  def __init__(self, din: int, dhidden: int, nclass: int, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.bn = nnx.BatchNorm(dhidden, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, nclass, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.bn(self.fc1(x))))
