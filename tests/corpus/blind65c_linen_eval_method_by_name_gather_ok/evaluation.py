import jax
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

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
    def local(variables, images, texts):
      hits = model.apply(variables, images, texts, method=method)
      return lax.pmean(hits.mean(), axis)

    return shard_map(local, mesh=mesh, in_specs=(P(), P(axis), P(axis)),
                     out_specs=P())(variables, images, texts)

  return eval_step
