import jax
import jax.numpy as jnp
from jax import lax

DATA = "data"


def sample_shard(key, hidden, w_out, temperature):
  """Runs per device: hidden is this shard's [b_local, d] slice."""
  # different noise on each data shard
  key = jax.random.fold_in(key, lax.axis_index(DATA))
  logits = hidden @ w_out
  tokens = jax.random.categorical(key, logits / temperature, axis=-1)
  logprob = jnp.take_along_axis(jax.nn.log_softmax(logits), tokens[:, None], axis=-1)[:, 0]
  return tokens, logprob
