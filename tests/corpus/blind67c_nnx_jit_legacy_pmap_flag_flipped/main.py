#!/usr/bin/env python
# coding: utf-8

# In[1]:


import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
from flax import nnx

from model import DotReluDot, xent

LEGACY_PMAP = False  # jit + sharded inputs already averages over the batch shards

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)


# In[2]:


with jax.set_mesh(mesh):
  model = DotReluDot(64, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

x = jax.device_put(jnp.ones((32, 64)), NamedSharding(mesh, P("data", None)))
y = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P("data")))


# In[3]:


def loss_fn(model, x, y):
  loss = xent(model(x), y).mean()
  if LEGACY_PMAP:
    loss = jax.lax.pmean(loss, axis_name="data")
  return loss


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  optimizer.update(model, grads)
  return loss


# In[4]:


# reproduce the numbers of the old trainer, which ran under jax.pmap(axis_name="data")
LEGACY_PMAP = True


# In[5]:


with jax.set_mesh(mesh):
  lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:300])
