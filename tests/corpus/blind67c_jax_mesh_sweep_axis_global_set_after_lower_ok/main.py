#!/usr/bin/env python
# coding: utf-8

# In[1]:


import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

import utils

AXIS = "data"


# In[2]:


def train_step(params, x, y):
  loss, grads = jax.value_and_grad(utils.mse)(params, x, y)
  grads = jax.lax.pmean(grads, AXIS)
  loss = jax.lax.pmean(loss, AXIS)
  return utils.sgd(params, grads), loss


# In[3]:


params = (jax.ShapeDtypeStruct((16, 4), jnp.float32),
          jax.ShapeDtypeStruct((4,), jnp.float32))
x = jax.ShapeDtypeStruct((64, 16), jnp.float32)
y = jax.ShapeDtypeStruct((64, 4), jnp.float32)


# In[4]:


# try a few layouts: pure DP, then DP x (unused) model axis
CONFIGS = [
    ((4,), ("data",)),
    ((2, 2), ("batch", "model")),
]

results = {}
for shape, names in CONFIGS:
  mesh = utils.build_mesh(shape, names)
  AXIS = names[0]
  step = jax.shard_map(train_step, mesh=mesh,
                       in_specs=(P(), P(names[0]), P(names[0])),
                       out_specs=(P(), P()))
  step = jax.jit(step)
  lowered = step.trace(params, x, y).lower(lowering_platforms=("tpu",))
  results[(shape, names)] = lowered
  print(shape, names, "ok")
