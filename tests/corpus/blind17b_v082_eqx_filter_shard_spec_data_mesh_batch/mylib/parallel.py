import jax
import jax.sharding as jshard

SHARDINGS = {}


def register(name):
  def deco(fn):
    SHARDINGS[name] = fn
    return fn
  return deco


@register('dp')
def data_parallel(mesh):
  return jshard.NamedSharding(mesh, jshard.PartitionSpec('data'))


@register('replicated')
def replicated(mesh):
  return jshard.NamedSharding(mesh, jshard.PartitionSpec())
