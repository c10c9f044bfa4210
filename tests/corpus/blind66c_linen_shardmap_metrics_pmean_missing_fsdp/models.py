from typing import Sequence

import flax.linen as nn
import jax.numpy as jnp
import optax


class Classifier(nn.Module):
  hidden_sizes: Sequence[int]
  num_classes: int

  def setup(self):
    self.hidden = [nn.Dense(h) for h in self.hidden_sizes]
    self.logits = nn.Dense(self.num_classes)

  def __call__(self, x):
    for layer in self.hidden:
      x = nn.relu(layer(x))
    return self.logits(x)

  def loss(self, x, labels):
    logits = self(x)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
    return loss, {"loss": loss, "accuracy": accuracy}
