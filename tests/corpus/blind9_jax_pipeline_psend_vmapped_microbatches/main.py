import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PipelineConfig:
  stage_axis: str = 'pp'
  num_stages: int = 4
  num_microbatches: int = 4
  d_model: int = 64


cfg = PipelineConfig()
mesh = Mesh(np.array(jax.devices()[:cfg.num_stages]), (cfg.stage_axis,))


def init_stage_params(key):
  keys = jax.random.split(key, cfg.num_stages)
  w = jax.vmap(lambda k: jax.random.normal(k, (cfg.d_model, cfg.d_model)) * 0.02)(keys)
  return {'w': w, 'b': jnp.zeros((cfg.num_stages, cfg.d_model))}


def stage_forward(params, x):
  return jax.nn.gelu(x @ params['w'][0] + params['b'][0])


def shift_to_next_stage(h):
  perm = [(i, i + 1) for i in range(cfg.num_stages - 1)]
  tok = lax.psend(h, cfg.stage_axis, perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), cfg.stage_axis, perm)


def one_tick(params, h):
  return shift_to_next_stage(stage_forward(params, h))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(cfg.stage_axis), P()), out_specs=P(),
         check_vma=False)
def pipeline(params, microbatches):
  h = microbatches
  for _ in range(cfg.num_stages):
    # process all microbatches of this tick at once
    h = jax.vmap(one_tick, in_axes=(None, 0))(params, h)
  return h


if __name__ == '__main__':
  params = init_stage_params(jax.random.key(0))
  mbs = jnp.ones((cfg.num_microbatches, 8, cfg.d_model))
  pipeline.trace(params, mbs).lower(lowering_platforms=('cuda',))
