import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))
IMAGE_SPEC = P('data', None, None, None)   # NCHW, split over the batch


class ConvNet(eqx.Module):
  convs: tuple
  head: eqx.nn.Linear

  def __init__(self, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.convs = (eqx.nn.Conv2d(1, 16, 3, stride=2, key=k1),
                  eqx.nn.Conv2d(16, 32, 3, stride=2, key=k2))
    self.head = eqx.nn.Linear(32, 10, key=k3)

  def __call__(self, x):
    for conv in self.convs:
      x = jax.nn.relu(conv(x))
    return self.head(jnp.mean(x, axis=(1, 2)))


optim = optax.adam(1e-3)


def step(params, static, opt_state, images, labels):
  def loss(params):
    logits = jax.vmap(eqx.combine(params, static))(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  value, grads = jax.value_and_grad(loss)(params)
  grads = jax.lax.pmean(grads, 'data')
  updates, opt_state = optim.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(value, 'data')


if __name__ == '__main__':
  model = ConvNet(jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  opt_state = optim.init(params)
  dp_step = jax.jit(jax.shard_map(
      lambda p, o, batch: step(p, static, o, *batch), mesh=mesh,
      in_specs=(P(), P(), IMAGE_SPEC), out_specs=(P(), P(), P())))
  batch = (jnp.zeros((16, 1, 28, 28)), jnp.zeros((16,), jnp.int32))
  dp_step.trace(params, opt_state, batch).lower(lowering_platforms=('cuda',))
