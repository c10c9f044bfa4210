import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class SeqParallelAttn(eqx.Module):
  wq: eqx.nn.Linear
  wk: eqx.nn.Linear
  wv: eqx.nn.Linear

  def __init__(self, d, key):
    kq, kk, kv = jax.random.split(key, 3)
    self.wq = eqx.nn.Linear(d, d, use_bias=False, key=kq)
    self.wk = eqx.nn.Linear(d, d, use_bias=False, key=kk)
    self.wv = eqx.nn.Linear(d, d, use_bias=False, key=kv)

  def __call__(self, x_local):
    q = jax.vmap(self.wq)(x_local)
    k = jax.lax.all_gather(jax.vmap(self.wk)(x_local), "sp", axis=0, tiled=True)
    v = jax.lax.all_gather(jax.vmap(self.wv)(x_local), "sp", axis=0, tiled=True)
    return jax.nn.softmax(q @ k.T / np.sqrt(q.shape[-1])) @ v


mesh = Mesh(np.array(jax.devices()), ("sp",))
attn = SeqParallelAttn(32, jax.random.key(0))
dynamic, static = eqx.partition(attn, eqx.is_inexact_array)


@eqx.filter_jit
def apply(dynamic, x):
  def local(dynamic, x):
    return eqx.combine(dynamic, static)(x)

  return jax.shard_map(local, mesh=mesh, in_specs=(P(), P("sp")), out_specs=P("sp"))(dynamic, x)


x = jnp.ones((128, 32))
jax.jit(apply).trace(dynamic, x).lower(lowering_platforms=("cuda",))
