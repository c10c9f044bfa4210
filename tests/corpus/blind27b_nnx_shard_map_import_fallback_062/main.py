import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

try:
  from jax import shard_map
  _CHECK = {'check_vma': False}
except ImportError:
  from jax.experimental.shard_map import shard_map
  _CHECK = {'check_rep': False}

if not hasattr(jax, 'shard_map'):
  from jax.experimental.shard_map import shard_map
  _CHECK = {'check_rep': False}

mesh = Mesh(jax.devices(), ('batch',))


class MLP(nnx.Module):
  def __init__(self, rngs):
    self.a = nnx.Linear(4, 16, rngs=rngs)
    self.b = nnx.Linear(16, 1, rngs=rngs)

  def __call__(self, x):
    return self.b(nnx.relu(self.a(x)))


graphdef, params = nnx.split(MLP(nnx.Rngs(0)))


def grad_step(params, x, y):
  def loss(p):
    return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)
  l, g = jax.value_and_grad(loss)(params)
  return jax.lax.pmean(l, 'batch'), jax.lax.pmean(g, 'batch')


grad_step = shard_map(grad_step, mesh=mesh, in_specs=(P(), P('batch'), P('batch')),
                      out_specs=(P(), P()), **_CHECK)
grad_step = jax.jit(grad_step)

x = jax.device_put(jnp.ones((32, 4)), NamedSharding(mesh, P('batch')))
y = jax.device_put(jnp.ones((32, 1)), NamedSharding(mesh, P('batch')))
print(grad_step.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:20])
