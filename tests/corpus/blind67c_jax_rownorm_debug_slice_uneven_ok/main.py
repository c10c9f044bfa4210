#!/usr/bin/env python
# coding: utf-8

# In[1]:


from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from utils import global_moments, standardize

mesh = Mesh(jax.devices(), ("rows",))
row_sharding = NamedSharding(mesh, P("rows"))


# In[2]:


x = jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8)
x = jax.device_put(x, row_sharding)
jax.debug.visualize_array_sharding(x)


# In[3]:


# look at only a few rows while debugging the normaliser
x = x[:8]
x = x * 0.1
print(x.shape)


# In[4]:


@partial(jax.shard_map, mesh=mesh, in_specs=P("rows"), out_specs=P("rows"))
def normalize_rows(x):
  mean, var = global_moments(x, "rows")
  return standardize(x, mean, var)


normalize_rows = jax.jit(normalize_rows)
lowered = normalize_rows.trace(x).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:300])
