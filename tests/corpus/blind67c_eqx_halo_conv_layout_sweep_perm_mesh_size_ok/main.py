#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import Mesh, PartitionSpec as P

from model import CausalConvNet
from utils import with_left_halo

model = CausalConvNet(channels=8, width=3, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
x = jax.ShapeDtypeStruct((8, 8, 256), jnp.float32)   # (batch, channels, length)


# In[2]:


def make_forward(mesh):
  def forward(params, x):
    m = eqx.combine(params, static)
    x = with_left_halo(x, "sp", mesh.shape["sp"], m.width - 1)
    return jax.vmap(m)(x)

  return jax.jit(jax.shard_map(forward, mesh=mesh,
                               in_specs=(P(), P("data", None, "sp")),
                               out_specs=P("data", None, "sp")))


# In[3]:


for shape in [(1, 4), (2, 2)]:
  mesh = Mesh(np.array(jax.devices()).reshape(shape), ("data", "sp"))
  fwd = make_forward(mesh)
  lowered = fwd.trace(params, x).lower(lowering_platforms=("tpu",))
  print(shape, len(lowered.as_text()))
