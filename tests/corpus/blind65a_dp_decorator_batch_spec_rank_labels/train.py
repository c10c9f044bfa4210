import functools

import jax
import jax.numpy as jnp
from jax import lax

from parallel import data_parallel


def logits_fn(params, x):
  return jnp.tanh(x @ params["w1"]) @ params["w2"]


def make_eval_step(cfg, mesh):
  allreduce = functools.partial(lax.psum, axis_name=cfg.dp)

  @data_parallel(mesh, cfg)
  def eval_step(params, batch):
    logits = logits_fn(params, batch["image"])
    correct = jnp.sum(jnp.argmax(logits, -1) == batch["label"])
    nll = -jnp.sum(jnp.take_along_axis(jax.nn.log_softmax(logits),
                                       batch["label"][:, None], axis=-1))
    count = jnp.asarray(batch["label"].shape[0], jnp.float32)
    return allreduce({"correct": correct, "nll": nll, "count": count})

  return eval_step
