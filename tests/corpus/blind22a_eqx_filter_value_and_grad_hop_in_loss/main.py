import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('pp',))
PERM = [(0, 1), (1, 2), (2, 3)]


class Stage(eqx.Module):
  layers: list

  def __init__(self, d, key):
    k1, k2 = jax.random.split(key)
    self.layers = [eqx.nn.Linear(d, d, key=k1), eqx.nn.Linear(d, d, key=k2)]

  def __call__(self, x):
    for layer in self.layers:
      x = jax.nn.relu(jax.vmap(layer)(x))
    return x


def send_recv(h):
  tok = lax.psend(h, 'pp', PERM)
  return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'pp', PERM)


def loss_fn(stage, x, y):
  h = send_recv(stage(x))
  return jnp.mean((stage(h) - y) ** 2)


def local_step(params, static, x, y):
  stage = eqx.combine(params, static)
  loss, grads = eqx.filter_value_and_grad(loss_fn)(stage, x, y)
  return lax.pmean(loss, 'pp'), grads


@eqx.filter_jit
def train_step(stage, x, y):
  params, static = eqx.partition(stage, eqx.is_array)
  f = jax.shard_map(lambda p, x, y: local_step(p, static, x, y), mesh=mesh,
                    in_specs=(P(), P('pp'), P('pp')), out_specs=(P(), P()), check_vma=False)
  return f(params, x, y)


stage = Stage(16, jax.random.key(0))
params, static = eqx.partition(stage, eqx.is_array)
x = jnp.ones((8, 16))
jax.jit(lambda p, x, y: train_step(eqx.combine(p, static), x, y)).trace(params, x, x).lower(
    lowering_platforms=('cuda',))
