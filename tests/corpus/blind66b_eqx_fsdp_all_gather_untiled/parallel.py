import functools

import jax
from jax.sharding import PartitionSpec as P

from train import BATCH_AXIS, make_step


def fsdp_specs(params, num_shards):
  """Shard every matrix on its leading (output) dim; keep vectors replicated."""
  def spec(x):
    if x.ndim == 2 and x.shape[0] % num_shards == 0:
      return P(BATCH_AXIS)
    return P()
  return jax.tree.map(spec, params)


def gather_params(params, specs):
  def gather(p, s):
    if s == P(BATCH_AXIS):
      return jax.lax.all_gather(p, BATCH_AXIS)
    return p
  return jax.tree.map(gather, params, specs)


def sharded_step(mesh, params, static, optim):
  specs = fsdp_specs(params, mesh.shape[BATCH_AXIS])
  step = make_step(static, optim, functools.partial(gather_params, specs=specs))
  return jax.jit(jax.shard_map(
      step,
      mesh=mesh,
      in_specs=(specs, P(), P(BATCH_AXIS), P(BATCH_AXIS)),
      out_specs=(specs, P(), P()),
  ))
