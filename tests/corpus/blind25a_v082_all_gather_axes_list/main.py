import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

CONFIG = json.loads('{"dp_axes": ["data", "fsdp"]}')
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'fsdp'))


def gather_params(w):
  return jax.lax.all_gather(w, CONFIG['dp_axes'], tiled=True)


f = jax.shard_map(gather_params, mesh=mesh, in_specs=P(('data', 'fsdp')), out_specs=P(),
                  check_vma=False)
jax.jit(f).trace(jnp.ones((16, 4))).lower(lowering_platforms=('cuda',))
print('ok')
