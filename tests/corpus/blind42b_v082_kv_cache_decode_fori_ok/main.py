from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from decode import decode

B, S, D, H, K = 4, 32, 64, 4, 16
mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit, AxisType.Explicit))

with jax.set_mesh(mesh):
  keys = jax.random.split(jax.random.key(0), 4)
  params = {n: jax.random.normal(k, (D, H, K), out_sharding=P(None, 'model', None))
            for n, k in zip(('wq', 'wk', 'wv'), keys[:3])}
  params['wo'] = jax.random.normal(keys[3], (H, K, D), out_sharding=P('model', None, None))
  cache = jnp.zeros((B, S, H, K), out_sharding=P('data', None, 'model', None))
  x0 = jax.device_put(jnp.ones((B, D)), P('data', None))
  run = jax.jit(partial(decode, steps=S))
  print(run.trace(params, x0, cache, cache).lower(lowering_platforms=('cuda',)).as_text()[:40])
