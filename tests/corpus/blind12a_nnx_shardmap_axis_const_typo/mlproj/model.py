from flax import nnx


class Classifier(nnx.Module):

  def __init__(self, din, dout, *, rngs):
    self.hidden = nnx.Linear(din, 128, rngs=rngs)
    self.norm = nnx.LayerNorm(128, rngs=rngs)
    self.head = nnx.Linear(128, dout, rngs=rngs)

  def __call__(self, x):
    return self.head(nnx.relu(self.norm(self.hidden(x))))
