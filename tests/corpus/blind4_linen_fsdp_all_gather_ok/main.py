import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from fsdp import FSDPMLP, build_train_step
from fsdp.step import param_specs

mesh = Mesh(np.array(jax.devices()), ('fsdp',))
N = mesh.shape['fsdp']
model = FSDPMLP(widths=(32, 32, 8), shards=N)

x = jnp.ones((4 * N, 16))
y = jnp.zeros((4 * N, 8))

local = jax.eval_shape(
    shard_map(lambda x: model.init(jax.random.key(0), x)['params'], mesh,
              in_specs=P('fsdp'), out_specs=P(), check_rep=False), x)
specs = param_specs(local, 'fsdp')
init = jax.jit(shard_map(lambda x: model.init(jax.random.key(0), x)['params'], mesh,
                         in_specs=P('fsdp'), out_specs=specs, check_rep=False))
params = init(x)

train_step = build_train_step(model, mesh, specs)
train_step.trace(params, x, y).lower(lowering_platforms=('cuda',))
