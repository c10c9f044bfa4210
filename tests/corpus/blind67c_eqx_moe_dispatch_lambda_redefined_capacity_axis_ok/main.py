#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from layers import MoE, moe_local

mesh = Mesh(np.array(jax.devices()), ("expert",))
N_EXPERTS = mesh.shape["expert"]

moe = MoE(d_model=64, d_ff=256, n_experts=N_EXPERTS, key=jax.random.PRNGKey(0))
params, static = eqx.partition(moe, eqx.is_array)
param_specs = jax.tree.map(lambda p: P("expert") if p.ndim == 3 else P(), params)

tokens = jnp.ones((24, 64))


# In[2]:


dispatch = lambda buf: lax.all_to_all(buf, "expert", 0, 0, tiled=True)
combine = lambda buf: lax.all_to_all(buf, "expert", 0, 0, tiled=True)


def forward(params, x):
  return moe_local(eqx.combine(params, static), x, dispatch, combine)


step = jax.jit(jax.shard_map(forward, mesh=mesh,
                             in_specs=(param_specs, P("expert")),
                             out_specs=P("expert")))
step.trace(params, tokens).lower(lowering_platforms=("cuda",))


# In[3]:


# keep each expert's rows together on arrival: (1, E * C, D) on every device
dispatch = lambda buf: lax.all_to_all(buf, "expert", 0, 1, tiled=True)
combine = lambda buf: lax.all_to_all(buf, "expert", 1, 0, tiled=True)


# In[4]:


step = jax.jit(jax.shard_map(forward, mesh=mesh,
                             in_specs=(param_specs, P("expert")),
                             out_specs=P("expert")))
lowered = step.trace(params, tokens).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:300])
