import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',), axis_types=(AxisType.Explicit,))


class Net(eqx.Module):
  body: eqx.nn.MLP

  def __init__(self, key):
    self.body = eqx.nn.MLP(16, 10, 64, depth=2, key=key)

  def __call__(self, x):
    logits = jax.vmap(self.body)(x)
    return jax.sharding.reshard(logits, P('batch', None))


def loss(params, x, y):
  net = eqx.combine(params, static)
  return optax.softmax_cross_entropy_with_integer_labels(net(x), y).mean()


net = Net(jr.key(0))
params, static = eqx.partition(net, eqx.is_array)
x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P('batch', None)))
y = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P('batch')))
grad_fn = jax.jit(jax.grad(loss))
print(grad_fn.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
