#!/usr/bin/env python
# coding: utf-8

# In[1]:


import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np
from functools import partial


# In[2]:


mesh = Mesh(np.array(jax.devices()), ('i',))
print(mesh)


# In[3]:


def layer(w, x):
    return jax.nn.relu(x @ w)

def body(ws, x):
    for w in ws:
        x = layer(w, x)
    return jax.lax.psum(x.sum(), 'i')

step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P('i')), out_specs=P()))


# In[4]:


ws = [jnp.ones((16, 16)) for _ in range(3)]
x = jnp.ones((8, 16))


# In[5]:


# debugging: look at the jaxpr without the shard_map noise
step = jax.jit(body)
# print(jax.make_jaxpr(step)(ws, x))


# In[6]:


step.trace(ws, x).lower(lowering_platforms=('cuda',))
