import jax
from jax import lax

from model import DualEncoder

EVAL_CONFIG = {
    "eval_method": "retrieval_hits",
    "batch_axis": "data",
}


def make_eval_step(model, mesh, cfg=EVAL_CONFIG):
  method = getattr(DualEncoder, cfg["eval_method"])
  axis = cfg["batch_axis"]

  @jax.jit
  def eval_step(variables, images, texts):
    hits = model.apply(variables, images, texts, method=method)
    return lax.pmean(hits.mean(), axis)

  return eval_step
