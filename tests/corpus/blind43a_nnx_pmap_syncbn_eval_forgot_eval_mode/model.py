from flax import nnx


class Model(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, 64, rngs=rngs)
    self.bn = nnx.BatchNorm(64, axis_name='device', rngs=rngs)
    self.out = nnx.Linear(64, dout, rngs=rngs)

  def __call__(self, x):
    return self.out(nnx.relu(self.bn(self.linear(x))))
