import jax
import jax.numpy as jnp
import optax
from flax import nnx

from dp import per_example


class Classifier(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(784, 128, rngs=rngs)
    self.fc2 = nnx.Linear(128, 10, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.fc1(x)))


model = Classifier(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
  grads = per_example(model, x, y)
  optimizer.update(model, grads)


x = jnp.ones((16, 784))
y = jnp.zeros((16,), jnp.int32)
print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',)).lowered.as_text()[:40])
