import flax.linen as nn
import jax.numpy as jnp


class ActorCritic(nn.Module):
  num_outputs: int

  @nn.compact
  def __call__(self, x):
    x = x.astype(jnp.float32) / 255.0
    x = nn.Conv(16, (8, 8), strides=(4, 4), name='conv1')(x)
    x = nn.relu(x)
    x = nn.Conv(32, (4, 4), strides=(2, 2), name='conv2')(x)
    x = nn.relu(x).reshape((x.shape[0], -1))
    x = nn.relu(nn.Dense(128, name='hidden')(x))
    logits = nn.Dense(self.num_outputs, name='logits')(x)
    value = nn.Dense(1, name='value')(x)
    return nn.log_softmax(logits), value
