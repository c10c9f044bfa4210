import functools

import jax
import jax.numpy as jnp

MEMBER = 'member'


def member_logits(w, x):
  return x @ w


@functools.partial(jax.vmap, in_axes=(0, None), axis_name=MEMBER)
def ensemble_predict(w, x):
  logits = member_logits(w, x)
  mean_logits = jax.lax.pmean(logits, MEMBER)
  return jax.nn.log_softmax(mean_logits), logits - mean_logits
