import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))
act = NamedSharding(mesh, P('data', None))


class Member(eqx.Module):
  l1: eqx.nn.Linear
  l2: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.l1 = eqx.nn.Linear(16, 64, key=k1)
    self.l2 = eqx.nn.Linear(64, 1, key=k2)

  def __call__(self, x):
    h = jax.nn.relu(jax.vmap(self.l1)(x))
    h = eqx.filter_shard(h, act)
    return jax.vmap(self.l2)(h)


@eqx.filter_vmap
def make_ensemble(key):
  return Member(key)


ensemble = make_ensemble(jax.random.split(jax.random.key(0), 3))


@eqx.filter_vmap(in_axes=(eqx.if_array(0), None))
def ensemble_forward(model, x):
  return model(x)


params, static = eqx.partition(ensemble, eqx.is_array)


def predict(params, x):
  preds = ensemble_forward(eqx.combine(params, static), x)
  return preds.mean(axis=0)


jax.jit(eqx.filter_jit(predict)).trace(params, jnp.ones((32, 16))).lower(lowering_platforms=('cuda',))
