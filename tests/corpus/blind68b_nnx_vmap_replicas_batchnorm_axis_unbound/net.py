from flax import nnx

REPLICA_AXIS = 'replica'


class Classifier(nnx.Module):

  def __init__(self, din, dhidden, nclass, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.bn = nnx.BatchNorm(dhidden, momentum=0.9, axis_name=REPLICA_AXIS,
                            rngs=rngs)
    self.drop = nnx.Dropout(0.1, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, nclass, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.bn(self.fc1(x)))
    return self.fc2(self.drop(x))
