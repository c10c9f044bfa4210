"""Greedy sampling for quick qualitative checks during training."""
import jax
import jax.numpy as jnp
from flax import nnx


def make_greedy_sampler(graphdef, max_len):
  @jax.jit
  def sample(params, rest, prompt):
    model = nnx.merge(graphdef, params, rest)
    b, p = prompt.shape
    buf = jnp.zeros((b, max_len), jnp.int32).at[:, :p].set(prompt)
    for i in range(p, max_len):  # short, fixed budget: unrolled
      logits = model(buf)
      buf = buf.at[:, i].set(jnp.argmax(logits[:, i - 1], axis=-1))
    return buf

  return sample
