from flax import nnx


class DropoutMLP(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, 64, rngs=rngs)
    self.drop = nnx.Dropout(0.2)
    self.fc2 = nnx.Linear(64, dout, rngs=rngs)

  def __call__(self, x, *, rngs: nnx.Rngs):
    return self.fc2(self.drop(nnx.relu(self.fc1(x)), rngs=rngs))
