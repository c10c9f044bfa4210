import jax.numpy as jnp
from jax import lax as L

from .axes import LEGACY_BATCH


def accuracy(logits, labels):
  correct = jnp.mean(jnp.argmax(logits, -1) == labels)
  return L.pmean(correct, LEGACY_BATCH)
