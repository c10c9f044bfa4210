from flax import nnx


class MLP(nnx.Module):

  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, dhidden, rngs=rngs)
    self.head = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.fc1(x))
    x = nnx.relu(self.fc2(x))
    return self.head(x)
