#!/usr/bin/env python
# coding: utf-8

# In[1]:


import jax
from jax.experimental import mesh_utils
from jax.sharding import Mesh

from common import create_sharded_model

print(jax.devices())


# In[2]:


# which layouts does a 4-chip slice give us?
for shape, names in [((4, 1), ("data", "model")),
                     ((2, 2), ("data", "model")),
                     ((1, 4), ("data", "tensor"))]:
  mesh = Mesh(mesh_utils.create_device_mesh(shape), names)
  print(shape, names, mesh.devices.tolist())


# In[3]:


with mesh:
  lowered = create_sharded_model.trace().lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:300])
