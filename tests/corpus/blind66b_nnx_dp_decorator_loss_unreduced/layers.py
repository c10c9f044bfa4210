from flax import nnx


class MLPBase(nnx.Module):

  def __init__(self, din: int, dhidden: int, dout: int, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)

  def __call__(self, x):
    return self.fc2(self.dropout(nnx.relu(self.fc1(x))))
