#!/usr/bin/env python
# coding: utf-8

# In[1]:


from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

from model import TPMLP

mesh = jax.make_mesh((1, 4), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))


# In[2]:


with jax.set_mesh(mesh):
  abstract_model = nnx.eval_shape(lambda: TPMLP(64, 256, 10, rngs=nnx.Rngs(0)))
graphdef, state = nnx.split(abstract_model)
state_specs = nnx.get_partition_spec(state)
x = jax.ShapeDtypeStruct((16, 64), jnp.float32)


# In[3]:


reduce_out = partial(lax.psum, axis_name="model")


def forward(state, x):
  model = nnx.merge(graphdef, state)
  return model(x, reduce_out)


fwd = jax.jit(jax.shard_map(forward, mesh=mesh,
                            in_specs=(state_specs, P("data")),
                            out_specs=P("data")))
fwd.trace(state, x).lower(lowering_platforms=("tpu",))


# In[4]:


# reduce-scatter instead of all-reduce: every model shard keeps a slice of the logits
reduce_out = partial(lax.psum_scatter, axis_name="model", scatter_dimension=1, tiled=True)

fwd = jax.jit(jax.shard_map(forward, mesh=mesh,
                            in_specs=(state_specs, P("data")),
                            out_specs=P("data", "model")))
lowered = fwd.trace(state, x).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:300])
