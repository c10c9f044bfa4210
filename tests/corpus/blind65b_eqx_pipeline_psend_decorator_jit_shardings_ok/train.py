import equinox as eqx
import jax

import comm
import parallel


def make_pipeline_step(static, cfg, mesh):

  @parallel.per_stage(mesh, cfg.pp_axis)
  def step(stage_params, x):
    own = jax.tree.map(lambda a: a[0], stage_params)
    stage = eqx.combine(own, static)
    h = jax.vmap(stage)(x)
    return comm.forward_to_next(h, cfg.pp_axis, cfg.num_stages)

  return step
