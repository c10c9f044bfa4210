# Ensemble of MLPs from the Flax NNX transforms guide (nnx.vmap over a model
# created with nnx.vmap + split_rngs), with an ensemble-mean output computed
# by a collective over the vmapped axis.
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class MLP(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, dout, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)

  def __call__(self, x):
    return self.dropout(jax.nn.gelu(self.linear(x)))


@nnx.split_rngs(splits=4)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
  return MLP(8, 8, rngs=rngs)


ensemble = create_ensemble(nnx.Rngs(0))


@nnx.vmap(in_axes=(0, None), out_axes=0, axis_name='ensemble')
def ensemble_forward(model: MLP, x):
  y = model(x)
  # average over the data-parallel mesh axis (copied from the shard_map version)
  mean = jax.lax.pmean(y, axis_name='data')
  return y - mean


@nnx.jit
def predict(ensemble, x):
  return ensemble_forward(ensemble, x)


mesh = jax.sharding.Mesh(jax.devices(), ('data',))
x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P('data')))
print(predict.trace(ensemble, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
