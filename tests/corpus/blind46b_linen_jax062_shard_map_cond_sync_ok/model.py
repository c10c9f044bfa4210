import flax.linen as nn
import jax
import jax.numpy as jnp


class Classifier(nn.Module):
  hidden: int = 128
  num_classes: int = 10
  axis_name: str = 'devices'

  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Dense(self.hidden)(x))
    x = nn.Dropout(0.1, deterministic=True)(x)
    logits = nn.Dense(self.num_classes)(x)
    # global confidence threshold across all shards of the batch
    conf = jax.nn.softmax(logits).max(-1)
    all_conf = jax.lax.all_gather(conf, self.axis_name, tiled=True)
    threshold = jnp.sort(all_conf)[all_conf.shape[0] // 2]
    return logits, threshold
