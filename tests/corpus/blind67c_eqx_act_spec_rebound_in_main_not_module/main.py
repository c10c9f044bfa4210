#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import common
from common import ACT_SPEC
from model import FFN

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("dp", "tp"))
common.set_mesh(mesh)
print(ACT_SPEC)


# In[2]:


model = FFN(128, 512, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def forward(params, x):
  return eqx.combine(params, static)(x)


x = jnp.ones((32, 128))
jax.jit(forward).trace(params, x).lower(lowering_platforms=("tpu",))


# In[3]:


# rename the axes to match the rest of the codebase
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
common.set_mesh(mesh)
ACT_SPEC = P("data", "model")

x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
params = eqx.filter_shard(params, NamedSharding(mesh, P()))


# In[4]:


forward = jax.jit(forward)
lowered = forward.trace(params, x).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:300])
