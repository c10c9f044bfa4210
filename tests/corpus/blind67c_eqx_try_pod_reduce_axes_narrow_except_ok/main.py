#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import Mesh

import common

mesh = Mesh(np.array(jax.devices()), ("data",))
model = eqx.nn.MLP(in_size=16, out_size=4, width_size=64, depth=2, key=jax.random.PRNGKey(42))
params, static = eqx.partition(model, eqx.is_inexact_array)
opt_state = common.opt.init(params)

x = jnp.ones((128, 16))
y = jnp.zeros((128, 4))


# In[2]:


# the pod config reduces over both data and model replicas; see whether it also works here
try:
  step = common.make_step(static, mesh, reduce_axes=("data", "model"))
  lowered = step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))
except Exception as e:
  print("two-axis reduction not available on this mesh:", e)
  step = common.make_step(static, mesh, reduce_axes="data")
  lowered = step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


# In[3]:


print(lowered.as_text()[:300])
