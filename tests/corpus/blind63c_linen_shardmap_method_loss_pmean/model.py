import flax.linen as nn
import jax.numpy as jnp
import optax


class Classifier(nn.Module):
  hidden: int = 256
  n_classes: int = 10

  def setup(self):
    self.body = nn.Sequential([nn.Dense(self.hidden), nn.relu, nn.Dense(self.hidden), nn.relu])
    self.head = nn.Dense(self.n_classes)

  def __call__(self, x):
    return self.head(self.body(x))

  def loss(self, x, labels):
    logits = self(x)
    xent = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    return xent, acc
