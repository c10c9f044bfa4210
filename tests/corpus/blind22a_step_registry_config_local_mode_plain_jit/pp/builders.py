import jax
from jax import lax
from jax.sharding import PartitionSpec as P

BUILDERS = {}


def builder(name):
  def register(fn):
    BUILDERS[name] = fn
    return fn
  return register


def hop(h, axis, n):
  perm = [(i, i + 1) for i in range(n - 1)]
  token = lax.psend(h, axis, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), axis, perm)


def stage(w, x, axis, n):
  return hop(jax.nn.relu(x @ w), axis, n)


@builder('spmd')
def build_spmd(mesh, axis):
  n = mesh.shape[axis]
  body = lambda w, x: stage(w, x, axis, n)
  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P(axis)), out_specs=P(axis),
                               check_vma=False))


@builder('local')
def build_local(mesh, axis):
  n = mesh.shape[axis]
  return jax.jit(lambda w, x: stage(w, x, axis, n))
