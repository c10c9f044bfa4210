#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh

from common import init_mlp, predict, make_step

mesh = Mesh(np.array(jax.devices()), ("batch",))
params = init_mlp(jax.random.key(0), [32, 64, 64, 1])
batch = (jnp.ones((128, 32)), jnp.ones((128, 1)))


# In[2]:


# per-shard loss: cheaper, every device only needs its own number for logging
def loss(params, batch):
  inputs, targets = batch
  return jnp.mean((predict(params, inputs) - targets) ** 2)


# In[3]:


def loss(params, batch):
  inputs, targets = batch
  local = jnp.mean((predict(params, inputs) - targets) ** 2)
  return lax.pmean(local, "batch")


# In[4]:


step = make_step(loss, mesh, "batch")
lowered = step.trace(params, batch).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:300])
