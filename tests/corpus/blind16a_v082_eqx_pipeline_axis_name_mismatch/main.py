import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from trainer.comm import p2p_forward
from trainer.stage import TransformerStage

CONFIG = {'mesh_axis': 'pipeline', 'stages': 4, 'd_model': 64, 'heads': 4}

mesh = Mesh(np.array(jax.devices()[:CONFIG['stages']]), (CONFIG['mesh_axis'],))
keys = jax.random.split(jax.random.key(0), CONFIG['stages'])
stages = eqx.filter_vmap(lambda k: TransformerStage(CONFIG['d_model'], CONFIG['heads'], k))(keys)
params, static = eqx.partition(stages, eqx.is_array)


def forward(params, x):
  stage = eqx.combine(jax.tree.map(lambda p: p[0], params), static)
  h = stage(x)
  for _ in range(CONFIG['stages'] - 1):
    h = stage(p2p_forward(h, CONFIG['stages']))
  return h[None]


axis = CONFIG['mesh_axis']
fwd = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(axis), P()), out_specs=P(axis),
                            check_vma=False))
x = jnp.ones((16, CONFIG['d_model']))
fwd.trace(params, x).lower(lowering_platforms=('cuda',))
