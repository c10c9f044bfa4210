#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from common import STAGE_AXIS, send_next, recv_prev, gelu_block

N_STAGES = len(jax.devices())
mesh = Mesh(np.array(jax.devices()), (STAGE_AXIS,))
print(mesh)


# In[2]:


def stage(x, w):
  # one microbatch: compute my layer, pass it to the next stage, take the previous stage's output
  h = gelu_block(x, w[0])
  tok = send_next(h, N_STAGES)
  return recv_prev(tok, h, N_STAGES)


step = jax.shard_map(stage, mesh=mesh,
                     in_specs=(P(STAGE_AXIS), P(STAGE_AXIS)),
                     out_specs=P(STAGE_AXIS))
step = jax.jit(step)


# In[3]:


x = jax.ShapeDtypeStruct((N_STAGES * 8, 128), jnp.float32)
w = jax.ShapeDtypeStruct((N_STAGES, 128, 128), jnp.float32)
lowered = step.trace(x, w).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:400])


# In[4]:


# add a per-stage bias
def stage(x, w, b):
  h = gelu_block(x, w[0]) + b[0]
  tok = send_next(h, N_STAGES)
  return recv_prev(tok, h, N_STAGES)


step = jax.jit(stage)


# In[5]:


b = jax.ShapeDtypeStruct((N_STAGES, 128), jnp.float32)
lowered = step.trace(x, w, b).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:400])
