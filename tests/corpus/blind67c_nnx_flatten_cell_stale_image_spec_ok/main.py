#!/usr/bin/env python
# coding: utf-8

# In[1]:


import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from flax import nnx

from model import MLP
from train import make_step

mesh = jax.make_mesh((4,), ("data",))
image_spec = P("data", None, None, None)
label_spec = P("data")


# In[2]:


x = jnp.zeros((64, 28, 28, 1), jnp.float32)
y = jnp.zeros((64,), jnp.int32)
x = jax.device_put(x, NamedSharding(mesh, image_spec))
y = jax.device_put(y, NamedSharding(mesh, label_spec))
print(x.sharding)


# In[3]:


# the MLP wants flat vectors
x = x.reshape(x.shape[0], -1)
image_spec = P("data", None)
print(x.shape)


# In[4]:


model = MLP(28 * 28, 256, 10, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model)

step = make_step(graphdef, "data")
step = jax.shard_map(step, mesh=mesh,
                     in_specs=(P(), image_spec, label_spec),
                     out_specs=(P(), P()))
step = jax.jit(step)


# In[5]:


lowered = step.trace(params, x, y).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:300])
