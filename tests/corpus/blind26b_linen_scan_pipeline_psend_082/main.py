import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from pp import PipelinedMLP

mesh = Mesh(np.array(jax.devices()), ('stage',))
model = PipelinedMLP(num_stages=4)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('stage'), P()),
                   out_specs=P('stage'))
def run_pipeline(stage_params, mb):
  params = jax.tree.map(lambda p: p[0], stage_params)
  return model.apply({'params': params}, mb)[None]


@jax.jit
def serve(stage_params, mb):
  return run_pipeline(stage_params, mb)[-1]


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('stage'), P()),
                   out_specs=P('stage'))
def init_stages(keys, mb):
  # the stage layers call axis_index, so they are initialised per stage too
  params = model.init(keys[0], mb)['params']
  return jax.tree.map(lambda p: p[None], params)


mb = jnp.ones((5, 4, 16))
abstract = jax.eval_shape(init_stages, jax.random.split(jax.random.key(0), 4), mb)
print(serve.trace(abstract, mb).lower(lowering_platforms=('cuda',)).as_text()[:20])
