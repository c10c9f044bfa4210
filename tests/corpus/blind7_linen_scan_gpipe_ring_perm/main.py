from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import GPipe

NUM_STAGES = 4
mesh = Mesh(jax.devices()[:NUM_STAGES], ('stage',))
model = GPipe(features=64, num_stages=NUM_STAGES)


def init_stage(key, microbatches):
  key = jax.random.fold_in(key, jax.lax.axis_index('stage'))
  params = model.init(key, microbatches)
  return jax.tree.map(lambda a: a[None], params)


def run_stage(params, microbatches):
  params = jax.tree.map(lambda a: a[0], params)
  return model.apply(params, microbatches)[None]


shmap = partial(jax.shard_map, mesh=mesh, check_vma=False)
init_pipeline = jax.jit(shmap(init_stage, in_specs=(P(), P()), out_specs=P('stage')))
run_pipeline = jax.jit(shmap(run_stage, in_specs=(P('stage'), P()), out_specs=P('stage')))


def loss(params, microbatches, targets):
  outs = run_pipeline(params, microbatches)[-1]
  return jnp.mean((outs - targets) ** 2)


if __name__ == '__main__':
  microbatches = jnp.ones((8, 4, 64))
  params = jax.eval_shape(init_pipeline, jax.random.key(0), microbatches)
  grad_fn = jax.jit(jax.value_and_grad(loss))
  grad_fn.trace(params, microbatches, microbatches).lower(lowering_platforms=('cuda',))
